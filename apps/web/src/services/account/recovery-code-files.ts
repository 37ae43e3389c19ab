import type { AccountTranslate } from './texts';

/** The file names of a saved code: plain ASCII, so every phone's file manager shows them. */
export const RECOVERY_TEXT_FILE = 'yanzhi-recovery-code.txt';
export const RECOVERY_IMAGE_FILE = 'yanzhi-recovery-code.png';

/** The text file: what it is, the code, how to use it. */
export function recoveryCodeText(code: string, t: AccountTranslate): string {
  return [t('recoveryCode.fileTitle'), '', code, '', t('recoveryCode.fileHint'), ''].join('\n');
}

/** Hands a blob to the browser as a download (webviews that ignore it still have copy and text). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 1000);
}

const WIDTH = 1080;
const HEIGHT = 720;

/** The code drawn as a picture (for the photo album, where people keep screenshots). */
export async function recoveryCodeImage(code: string, t: AccountTranslate): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = canvas.getContext('2d');
  if (context === null) throw new Error('no 2d canvas');
  context.fillStyle = '#0f0f14';
  context.fillRect(0, 0, WIDTH, HEIGHT);
  context.fillStyle = '#ff007f';
  context.fillRect(0, 0, WIDTH, 12);
  context.textAlign = 'center';
  context.fillStyle = '#ffffff';
  context.font = '600 48px system-ui, sans-serif';
  context.fillText(t('recoveryCode.fileTitle'), WIDTH / 2, 150);
  // Two lines of three groups: large enough to read off a photo of the screen.
  const groups = code.split('-');
  context.font = '700 76px ui-monospace, Menlo, Consolas, monospace';
  context.fillText(groups.slice(0, 3).join('-'), WIDTH / 2, 330);
  context.fillText(groups.slice(3).join('-'), WIDTH / 2, 440);
  context.fillStyle = 'rgba(255,255,255,0.72)';
  context.font = '32px system-ui, sans-serif';
  wrapText(context, t('recoveryCode.fileHint'), WIDTH / 2, 560, WIDTH - 160, 44);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (blob) resolve(blob);
      else reject(new Error('the canvas gave no PNG'));
    }, 'image/png');
  });
}

/** Centred lines no wider than `width`, broken between characters (Chinese has no spaces). */
function wrapText(
  context: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  width: number,
  lineHeight: number,
): void {
  let line = '';
  let top = y;
  for (const char of text) {
    if (context.measureText(line + char).width > width && line !== '') {
      context.fillText(line, x, top);
      line = char.trimStart();
      top += lineHeight;
    } else {
      line += char;
    }
  }
  if (line) context.fillText(line, x, top);
}
