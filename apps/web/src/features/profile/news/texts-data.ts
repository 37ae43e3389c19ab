/**
 * The inbox's texts ("your photos' news" on the profile), in this page's chunk (ADR 0014). This
 * file imports nothing, so the browser tests read it too.
 */
const ZH = {
  'news.heading': '你的照片动态',
  'news.empty': '还没有新动态',
  'news.emptyHint': '照片参加对决、排名变化或举报处理后，会在这里告诉你。',
  'news.loading': '正在加载动态…',
  'news.error': '动态暂时加载不了',
  'news.record': '赢 {wins} 场 · 输 {losses} 场',
  'news.rank': '排名 #{before} → #{after}',
  'news.rankNow': '排名 #{after}',
  'news.score': '分数 {before} → {after}',
  'news.placed': '定级完成',
  'news.kept': '举报已处理：保留',
  'news.removed': '举报已处理：已移除',
  'news.boostFinished': '曝光已用完',
  'news.open': '查看这张照片的动态',
};

export type NewsTextKey = keyof typeof ZH;

const EN: Readonly<Record<NewsTextKey, string>> = {
  'news.heading': "Your photos' news",
  'news.empty': 'No news yet',
  'news.emptyHint':
    'When your photos play matches, move on the board or a report is reviewed, you will read it here.',
  'news.loading': 'Loading your news…',
  'news.error': 'Your news could not be loaded',
  'news.record': 'Won {wins} · Lost {losses}',
  'news.rank': 'Rank #{before} → #{after}',
  'news.rankNow': 'Rank #{after}',
  'news.score': 'Score {before} → {after}',
  'news.placed': 'Placement done',
  'news.kept': 'Report reviewed: kept',
  'news.removed': 'Report reviewed: removed',
  'news.boostFinished': 'Boost used up',
  'news.open': "Open this photo's news",
};

export const NEWS_TEXTS = { 'zh-CN': ZH, en: EN } as const;
