/**
 * The profile's own texts (issue 17: the rank, placement, the no-photo, loading and offline
 * states, the last photo's rule). They travel in the profile's chunk rather than in the
 * catalogue every visitor's first screen downloads (ADR 0014). This file imports nothing, so
 * the browser tests read it too.
 */
const ZH = {
  'profile.rankValue': '#{rank} · {category}',
  'profile.rankPlacing': '定级中',
  'profile.rankOff': '未上榜',
  'profile.loadingCard': '正在读取你的照片和排名…',
  'profile.noPhotoTitle': '还没有你的照片',
  'profile.noPhotoText': '上传第一张照片：定级后这里会显示你的颜值分、等级和排名',
  'profile.uploadFirst': '上传第一张照片',
  'profile.offlineTitle': '网络未连接',
  'profile.offlineText': '你的照片、颜值分和排名要联网后才能看到',
  'profile.offlineCached': '离线中 · 下面是上次联网时读到的数据',
  'profile.loadFailedTitle': '照片和排名暂时读不到',
  'photo.placing': '定级中 · 还需约 {count} 场',
  'photo.placing.one': '定级中 · 还需约 {count} 场',
  'photo.range': '分数区间 {low}–{high}',
  'lastPhoto.title': '这是你唯一的照片',
  // The contract's LAST_PHOTO message, word for word (texts-data.test.ts checks it).
  'lastPhoto.text': '至少保留一张照片：可以先上传新照片再删除这张，或在“我的”里删除账号',
  'lastPhoto.upload': '上传新照片',
  'lastPhoto.close': '知道了',
  'achievements.progress': '{current}/{target}',
  'achievements.progressLabel': '进度 {current}/{target}',
  'boost.unaffordable': '燃料不足',
  'boost.refused': '燃料不够了，已按最新余额更新',
};

const EN: { [K in keyof typeof ZH]: string } = {
  'profile.rankValue': '#{rank} · {category}',
  'profile.rankPlacing': 'Placing',
  'profile.rankOff': 'Not ranked',
  'profile.loadingCard': 'Reading your photos and rank…',
  'profile.noPhotoTitle': 'No photo of yours yet',
  'profile.noPhotoText':
    'Upload your first photo: once it is placed, your score, level and rank show here',
  'profile.uploadFirst': 'Upload your first photo',
  'profile.offlineTitle': 'You are offline',
  'profile.offlineText': 'Your photos, score and rank show once you are back online',
  'profile.offlineCached': 'Offline · what follows is from your last connection',
  'profile.loadFailedTitle': 'Your photos and rank cannot be read right now',
  'photo.placing': 'Placing · about {count} more matches',
  'photo.placing.one': 'Placing · about {count} more match',
  'photo.range': 'Range {low}–{high}',
  'lastPhoto.title': 'This is your only photo',
  'lastPhoto.text':
    'Keep at least one photo: upload another first, or delete the account from your profile',
  'lastPhoto.upload': 'Upload another',
  'lastPhoto.close': 'Got it',
  'achievements.progress': '{current}/{target}',
  'achievements.progressLabel': 'Progress {current} of {target}',
  'boost.unaffordable': 'Not enough fuel',
  'boost.refused': 'Not enough fuel: updated to your current balance',
};

export type ProfileTextKey = keyof typeof ZH;

/**
 * Every language's texts, written out: texts.ts reads them with lib/i18n's Language, so a new
 * language fails to compile until it is added here.
 */
export const PROFILE_TEXTS = { 'zh-CN': ZH, en: EN };
