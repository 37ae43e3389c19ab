/**
 * The photo viewer's texts (the arena's sheets chunk, ADR 0014); read as the catalogue's are
 * (lib/i18n/page-texts). This file imports nothing.
 */
const ZH = {
  'arena.viewerLabel': '照片 {n} 大图',
  'arena.viewerHint': '双指或双击缩放，拖动查看',
  'arena.viewerZoomIn': '放大',
  'arena.viewerZoomOut': '还原',
} as const satisfies Record<string, string>;

export type ViewerTextKey = keyof typeof ZH;

const EN: Readonly<Record<ViewerTextKey, string>> = {
  'arena.viewerLabel': 'Photo {n}, full screen',
  'arena.viewerHint': 'Pinch or double-tap to zoom, drag to look around',
  'arena.viewerZoomIn': 'Zoom in',
  'arena.viewerZoomOut': 'Reset zoom',
};

export const VIEWER_TEXTS = { 'zh-CN': ZH, en: EN } as const;
