import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import type resvg from '@resvg/resvg-js';
import QRCode from 'qrcode';
import type satori from 'satori';
import { loadSharp } from './sharp-loader.js';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  cardTree,
  FONT_FAMILY,
  PHOTO_HEIGHT,
  PHOTO_WIDTH,
  type CardText,
  type QrMatrix,
} from './share-card.template.js';

type SatoriFont = Parameters<typeof satori>[1]['fonts'][number];

/**
 * Noto Sans SC from npm, as TTF: satori reads TTF/OTF/WOFF but not the TTC collections system
 * packages ship, and no system font is ever assumed. Resolved through the package, so the path
 * holds from src/ (tests, tsx) and from the bundled dist/main.js alike.
 */
const FONT_FILES = [
  { weight: 400, file: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf' },
  { weight: 700, file: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf' },
] as const;

const resolvePackageFile = createRequire(import.meta.url).resolve;

export interface RenderedCard {
  png: Buffer;
  width: number;
  height: number;
}

/**
 * Draws share cards: satori lays the element tree out into SVG with the bundled font, resvg
 * rasterises it to PNG off the event loop. The only code that touches satori and resvg.
 */
export class ShareCardRenderer {
  /** Parsing the two CJK fonts costs about 0.2 s and 90 MB, so it happens once, on first use. */
  private fonts: Promise<SatoriFont[]> | null = null;
  /** satori and resvg (about 40 MB resident) likewise: most server processes never draw a card. */
  private libraries: Promise<{ satori: typeof satori; resvg: typeof resvg }> | null = null;

  /** `photo` is a stored display variant (any format sharp reads); it is cropped to the frame. */
  async render(text: CardText, photo: Buffer): Promise<RenderedCard> {
    const [{ satori, resvg }, fonts, photoUri] = await Promise.all([
      this.loadLibraries(),
      this.loadFonts(),
      photoDataUri(photo),
    ]);
    const svg = await satori(cardTree(text, photoUri, qrMatrix(text.link)), {
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      fonts,
    });
    const image = await resvg.renderAsync(svg, {
      font: { loadSystemFonts: false },
      fitTo: { mode: 'original' },
    });
    return { png: image.asPng(), width: image.width, height: image.height };
  }

  private loadLibraries(): Promise<{ satori: typeof satori; resvg: typeof resvg }> {
    this.libraries ??= Promise.all([import('satori'), import('@resvg/resvg-js')]).then(
      ([satoriModule, resvgModule]) => ({
        satori: satoriModule.default,
        resvg: resvgModule.default,
      }),
    );
    return this.libraries;
  }

  private loadFonts(): Promise<SatoriFont[]> {
    this.fonts ??= Promise.all(
      FONT_FILES.map(async ({ weight, file }) => ({
        name: FONT_FAMILY,
        data: await fs.readFile(resolvePackageFile(file)),
        weight,
        style: 'normal' as const,
      })),
    ).catch((error: unknown) => {
      this.fonts = null; // a failed read is retried by the next card
      throw error;
    });
    return this.fonts;
  }
}

/**
 * The photo cropped to the card's frame as a JPEG data URI: resvg then decodes a small JPEG of
 * exactly the drawn size instead of a WebP it may not read.
 */
async function photoDataUri(photo: Buffer): Promise<string> {
  const sharp = await loadSharp();
  const jpeg = await sharp(photo, { failOn: 'error' })
    .resize(PHOTO_WIDTH, PHOTO_HEIGHT, { fit: 'cover', position: 'attention' })
    .jpeg({ quality: 88 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

/** Error correction M: the link stays short, so the symbol stays large enough to scan. */
function qrMatrix(link: string): QrMatrix {
  const { modules } = QRCode.create(link, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: (row, column) => modules.get(row, column) === 1 };
}
