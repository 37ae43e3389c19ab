/**
 * The photo page's texts (`/p/<id>`, where shared links land). They travel in the page's own
 * chunk (ADR 0014) and read as the catalogue's do (lib/i18n/page-texts). This file imports
 * nothing, so the browser tests read it too.
 */
const ZH = {
  'photo.page.heading': '照片',
  'photo.page.alt': '{name} 的照片',
  'photo.page.score': '颜值分',
  'photo.page.placing': '定级中 · 还需约 {count} 场',
  'photo.page.placingDone': '定级中 · 即将完成',
  'photo.page.range': '分数大概在 {low}–{high} 之间',
  'photo.page.rank': '#{rank} · {category}',
  'photo.page.rankLabel': '{category}总榜第 {rank} 名，共 {total} 张',
  'photo.page.unranked': '未上榜 · {category}',
  'photo.page.rankOnly': '#{rank}',
  'photo.page.unrankedOnly': '未上榜',
  'photo.page.matches': '比赛场数',
  'photo.page.matchCount': '{count} 场',
  'photo.page.winRate': '胜率',
  'photo.page.winRateNone': '暂无',
  'photo.page.owner': '来自 {name}',
  'photo.page.compare': '来比一比',
  'photo.page.share': '分享',
  'photo.page.leaderboard': '看排行榜',
  'photo.page.hidden': '这张照片被多人举报，审核前只有你能看到',
  'photo.page.removed': '这张照片已被移除，只有你能看到',
  'photo.page.loading': '正在加载照片…',
  'photo.page.notFoundTitle': '照片不存在或已下架',
  'photo.page.notFoundMessage': '去竞技场看看别的照片吧',
  'photo.page.toArena': '去竞技场',
  'photo.page.offline': '网络恢复后就能看到这张照片',
} as const;

export type PhotoTextKey = keyof typeof ZH;

const EN: Readonly<Record<PhotoTextKey, string>> = {
  'photo.page.heading': 'Photo',
  'photo.page.alt': 'Photo by {name}',
  'photo.page.score': 'Score',
  'photo.page.placing': 'Being placed · about {count} more matches',
  'photo.page.placingDone': 'Being placed · almost done',
  'photo.page.range': 'The score is probably between {low} and {high}',
  'photo.page.rank': '#{rank} · {category}',
  'photo.page.rankLabel': 'Number {rank} of {total} on the all-time {category} board',
  'photo.page.unranked': 'Not ranked · {category}',
  'photo.page.rankOnly': '#{rank}',
  'photo.page.unrankedOnly': 'Not ranked',
  'photo.page.matches': 'Matches',
  'photo.page.matchCount': '{count}',
  'photo.page.winRate': 'Win rate',
  'photo.page.winRateNone': 'None yet',
  'photo.page.owner': 'By {name}',
  'photo.page.compare': 'Compare it',
  'photo.page.share': 'Share',
  'photo.page.leaderboard': 'Leaderboard',
  'photo.page.hidden': 'Several people reported this photo: only you see it until it is reviewed',
  'photo.page.removed': 'This photo was removed: only you see it',
  'photo.page.loading': 'Loading the photo…',
  'photo.page.notFoundTitle': 'This photo does not exist or was taken down',
  'photo.page.notFoundMessage': 'See other photos in the arena',
  'photo.page.toArena': 'Go to the arena',
  'photo.page.offline': 'The photo shows once you are back online',
};

export const PHOTO_TEXTS = { 'zh-CN': ZH, en: EN } as const;
