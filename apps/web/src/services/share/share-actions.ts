/**
 * What the browser offers to pass a card on: the Web Share API (with the PNG itself where the
 * browser takes files, else the link) and the clipboard. Many WebViews lack some or all of it.
 */

/** The parts of Navigator this file uses, all possibly missing. */
type ShareNavigator = Partial<Pick<Navigator, 'share' | 'canShare' | 'clipboard'>>;

function shareNavigator(): ShareNavigator {
  return typeof navigator === 'undefined' ? {} : navigator;
}

export const CARD_FILE_NAME = 'yanzhi-arena-rank.png';

/**
 * Whether saving the card means pressing and holding its image rather than a download link:
 * in-app webviews ignore `<a download>` (WeChat `MicroMessenger`, QQ, Android's WebView `; wv)`)
 * and on iPhone and iPad a download of an image is unreliable everywhere (an iOS app's
 * WKWebView drops it; Safari opens a preview at best), while all of them offer "save image" on a
 * long press. iPadOS asks as a Mac, told apart by its touch points.
 */
export function savesByPressing(userAgent: string, maxTouchPoints = 0): boolean {
  if (/MicroMessenger|\bQQ\/|MQQBrowser|; wv\)/i.test(userAgent)) return true;
  if (/iPhone|iPad|iPod/.test(userAgent)) return true;
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1;
}

/** The browser's own answer to savesByPressing. */
export function pressToSave(): boolean {
  if (typeof navigator === 'undefined') return false;
  return savesByPressing(navigator.userAgent, navigator.maxTouchPoints);
}

/** The share button is shown only where the browser can share at all. */
export function canShare(): boolean {
  return typeof shareNavigator().share === 'function';
}

/** A share link as an absolute address (the server may answer with a path). */
export function absoluteUrl(link: string): string {
  return new URL(link, window.location.origin).href;
}

/**
 * The card as a File, fetched when the card is shown: the share sheet must open within the tap's
 * user activation, which a download started on tap could outlast. Plain fetch, not the API
 * client: this is a static image under /media/, not a call.
 */
export async function loadCardFile(url: string, signal?: AbortSignal): Promise<File | null> {
  const { canShare: canShareData } = shareNavigator();
  if (typeof canShareData !== 'function') return null;
  const response = await fetch(url, { signal });
  if (!response.ok) return null;
  const blob = await response.blob();
  const file = new File([blob], CARD_FILE_NAME, { type: 'image/png' });
  return navigator.canShare({ files: [file] }) ? file : null;
}

export type ShareOutcome = 'shared' | 'cancelled' | 'failed';

interface ShareInput {
  file: File | null;
  url: string;
  title: string;
  text: string;
}

/** The PNG when the browser takes files, else the link. Closing the share sheet is no error. */
export async function shareCard({ file, url, title, text }: ShareInput): Promise<ShareOutcome> {
  if (!canShare()) return 'failed';
  try {
    if (file !== null) await navigator.share({ files: [file], title, text });
    else await navigator.share({ url, title, text });
    return 'shared';
  } catch (error) {
    return error instanceof DOMException && error.name === 'AbortError' ? 'cancelled' : 'failed';
  }
}

export async function copyText(text: string): Promise<boolean> {
  const { clipboard } = shareNavigator();
  if (clipboard === undefined) return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
