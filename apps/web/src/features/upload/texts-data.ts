/**
 * The upload page's texts. They live in this page's chunk rather than in the catalogue every
 * visitor's first screen downloads (ADR 0014), and read as the catalogue's texts do
 * (lib/i18n/page-texts). This file imports nothing, so the browser tests read it too.
 */
const ZH = {
  'upload.heading': '上传照片',
  'upload.file': '选择照片',
  'upload.fileHint': '支持 JPEG、PNG、WebP 格式',
  'upload.limits': '{formats} · 短边 ≥{side} 像素',
  'upload.tipsLabel': '拍照小贴士',
  'upload.tip.face': '一张清晰的正脸',
  'upload.tip.light': '光线充足',
  'upload.tip.filter': '不要重度滤镜',
  'upload.preview': '已选照片预览',
  'upload.category': '分类',
  'upload.submit': '上传',
  'upload.submitting': '上传中…',
  'upload.noFile': '请先选择一张照片',
  'upload.noCategory': '请先选择分类',
  'upload.success': '上传成功！你的照片正在定级中',
  'upload.failed': '上传失败',
  'upload.voteMeanwhile': '先去投票',
  'upload.steps': '上传步骤',
  'upload.step.choose': '选择照片',
  'upload.step.frame': '裁剪与分类',
  'upload.step.send': '发送',
  'upload.album': '从相册选择',
  'upload.camera': '拍一张',
  'upload.cameraHint': '使用前置摄像头',
  'upload.reading': '正在读取照片…',
  'upload.unreadable': '无法读取这张照片，请换一张 JPEG、PNG 或 WebP 照片',
  'upload.crop.label': '裁剪框：拖动移动照片，双指缩放',
  'upload.crop.hint': '拖动或用方向键移动照片，双指、滚轮或下方滑块缩放，让脸在框内居中。',
  'upload.crop.zoom': '缩放',
  'upload.crop.role': '裁剪框',
  'upload.rechoose': '重新选择',
  'upload.progress': '上传进度',
  'upload.successLive': '上传成功！你的照片已上线',
  'upload.next':
    '接下来：它会进入竞技场与其他照片对决，第一批对决将在一小时内到来，定级完成后就能看到它的颜值分。',
  'upload.toProfile': '查看我的主页',
  'upload.another': '再传一张',
  'upload.chooseAnother': '换一张照片',
};

export type UploadTextKey = keyof typeof ZH;

const EN: Readonly<Record<UploadTextKey, string>> = {
  'upload.heading': 'Upload photo',
  'upload.file': 'Choose a photo',
  'upload.fileHint': 'JPEG, PNG or WebP',
  'upload.limits': '{formats} · short side ≥{side} px',
  'upload.tipsLabel': 'Tips for a good photo',
  'upload.tip.face': 'One clear face',
  'upload.tip.light': 'Good light',
  'upload.tip.filter': 'No heavy filters',
  'upload.preview': 'Preview of the chosen photo',
  'upload.category': 'Category',
  'upload.submit': 'Upload',
  'upload.submitting': 'Uploading…',
  'upload.noFile': 'Choose a photo first',
  'upload.noCategory': 'Choose a category first',
  'upload.success': 'Uploaded! Your photo is being placed',
  'upload.failed': 'Upload failed',
  'upload.voteMeanwhile': 'Vote meanwhile',
  'upload.steps': 'Upload steps',
  'upload.step.choose': 'Choose a photo',
  'upload.step.frame': 'Frame and category',
  'upload.step.send': 'Send',
  'upload.album': 'From the album',
  'upload.camera': 'Take a photo',
  'upload.cameraHint': 'Uses the front camera',
  'upload.reading': 'Reading the photo…',
  'upload.unreadable': 'This photo cannot be read; choose a JPEG, PNG or WebP photo',
  'upload.crop.label': 'Crop frame: drag to move the photo, pinch to zoom',
  'upload.crop.hint':
    'Drag or use the arrow keys to move the photo; pinch, the wheel or the slider below to zoom. Keep the face centred.',
  'upload.crop.zoom': 'Zoom',
  'upload.crop.role': 'crop frame',
  'upload.rechoose': 'Choose another',
  'upload.progress': 'Upload progress',
  'upload.successLive': 'Uploaded! Your photo is live',
  'upload.next':
    'Next: it enters the arena against other photos; its first matches arrive within the hour, and its score shows once it is placed.',
  'upload.toProfile': 'Go to my profile',
  'upload.another': 'Upload another',
  'upload.chooseAnother': 'Choose another photo',
};

/**
 * Every language's texts, written out: texts.ts reads them with lib/i18n's Language, so a new
 * language fails to compile until it is added here.
 */
export const UPLOAD_TEXTS = { 'zh-CN': ZH, en: EN };
