/**
 * The share sheet's texts. They travel in its own chunk (ADR 0014) and read as the catalogue's do
 * (lib/i18n/page-texts). This file imports nothing, so the browser tests read it too.
 */
const ZH = {
  'share.title': '分享我的排名',
  'share.loading': '正在生成分享卡片…',
  'share.cardAlt': '我的排名卡片：第 {rank} 名，颜值 {score}',
  'share.cardAltUnranked': '我的颜值卡片：颜值 {score}',
  'share.save': '保存图片',
  'share.pressToSave': '长按图片保存',
  'share.copy': '复制链接',
  'share.copied': '链接已复制',
  'share.copyFailed': '无法自动复制，请长按链接手动复制',
  'share.shareFailed': '分享失败，可以先保存图片再分享',
  'share.link': '分享链接',
  'share.text': '来颜值竞技场比比颜值吧！',
  'share.errorTitle': '分享卡片生成失败',
  'share.noPhotoTitle': '还没有可以分享的照片',
  'share.upload': '上传照片',
} as const satisfies Record<string, string>;

export type ShareTextKey = keyof typeof ZH;

const EN: Readonly<Record<ShareTextKey, string>> = {
  'share.title': 'Share my rank',
  'share.loading': 'Making your card…',
  'share.cardAlt': 'My rank card: rank {rank}, score {score}',
  'share.cardAltUnranked': 'My score card: score {score}',
  'share.save': 'Save image',
  'share.pressToSave': 'Press and hold the image to save',
  'share.copy': 'Copy link',
  'share.copied': 'Link copied',
  'share.copyFailed': 'Could not copy: press and hold the link to copy it',
  'share.shareFailed': 'Could not share: save the image and share it instead',
  'share.link': 'Share link',
  'share.text': 'Come and compare looks on Yanzhi Arena!',
  'share.errorTitle': 'Could not make the card',
  'share.noPhotoTitle': 'No photo to share yet',
  'share.upload': 'Upload a photo',
};

export const SHARE_TEXTS = { 'zh-CN': ZH, en: EN } as const;
