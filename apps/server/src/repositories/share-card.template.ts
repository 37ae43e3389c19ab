/**
 * The share card's layout as the element tree satori lays out (no JSX on the server: plain
 * `{ type, props }` objects). Pure: the text comes ready from the service, the photo as a data
 * URI and the QR code as its module matrix. Colours are the app's (UI.md).
 */

/** Bump when anything drawn changes (layout, colours, fonts): every card gets a new name. */
export const TEMPLATE_VERSION = 1;

/** Portrait, the size of a phone screen at 2x (750 × 1334). */
export const CARD_WIDTH = 750;
export const CARD_HEIGHT = 1334;

/** The photo's box on the card (3:4, like every photo frame of the app). */
export const PHOTO_WIDTH = 456;
export const PHOTO_HEIGHT = 608;

export const FONT_FAMILY = 'Noto Sans SC';

/** Everything written on a card, in one language. */
export interface CardText {
  productName: string;
  /** The product name in the other language, small beside the first. */
  productNameAlt: string;
  scoreLabel: string;
  /** One decimal, e.g. "7.4". */
  score: string;
  levelName: string;
  rankLabel: string;
  /** "#12", or a word while the photo has no rank (定级中). */
  rank: string;
  ranked: boolean;
  /** Category and board, e.g. "颜值 · 总榜". */
  board: string;
  /** The period's dates; null for the all-time board. */
  period: string | null;
  callToAction: string;
  /** The public link, also encoded in the QR code. */
  link: string;
}

/** A QR symbol: `size` × `size` modules, dark where `dark(row, column)`. */
export interface QrMatrix {
  size: number;
  dark: (row: number, column: number) => boolean;
}

type Style = Record<string, string | number>;
type Child = CardElement | string;

export interface CardElement {
  type: string;
  key: null;
  props: Record<string, unknown>;
}

function h(type: string, style: Style, ...children: Child[]): CardElement {
  return { type, key: null, props: { style, children } };
}

const BRAND_GRADIENT = 'linear-gradient(135deg, #8A2BE2 0%, #FF007F 100%)';
const GOLD_GRADIENT = 'linear-gradient(135deg, #FF8A00 0%, #FFD54A 100%)';
const PAGE = '#0f0f14';
const SURFACE = '#1a1a22';
const TEXT_72 = 'rgba(255, 255, 255, 0.72)';
const TEXT_48 = 'rgba(255, 255, 255, 0.48)';
const CONTENT_WIDTH = 630;
const QR_BOX = 184;
/** Light modules around the symbol so a scanner finds its edges on the dark card. */
const QR_QUIET_MODULES = 3;

/** Text filled with a gradient. */
function gradientText(text: string, gradient: string, style: Style): CardElement {
  return h(
    'div',
    {
      display: 'flex',
      backgroundImage: gradient,
      backgroundClip: 'text',
      color: 'transparent',
      ...style,
    },
    text,
  );
}

/** The QR code as one SVG path, horizontal runs of dark modules merged. */
export function qrPath(matrix: QrMatrix, offset: number): string {
  let path = '';
  for (let row = 0; row < matrix.size; row += 1) {
    let column = 0;
    while (column < matrix.size) {
      if (!matrix.dark(row, column)) {
        column += 1;
        continue;
      }
      let run = 1;
      while (column + run < matrix.size && matrix.dark(row, column + run)) run += 1;
      path += `M${column + offset} ${row + offset}h${run}v1h-${run}z`;
      column += run;
    }
  }
  return path;
}

function qrCode(matrix: QrMatrix): CardElement {
  const side = matrix.size + QR_QUIET_MODULES * 2;
  const svg: CardElement = {
    type: 'svg',
    key: null,
    props: {
      width: QR_BOX,
      height: QR_BOX,
      viewBox: `0 0 ${side} ${side}`,
      shapeRendering: 'crispEdges',
      children: [
        { type: 'rect', key: null, props: { width: side, height: side, fill: '#ffffff' } },
        { type: 'path', key: null, props: { d: qrPath(matrix, QR_QUIET_MODULES), fill: PAGE } },
      ],
    },
  };
  return h('div', { display: 'flex', borderRadius: 16, overflow: 'hidden', flexShrink: 0 }, svg);
}

function header(text: CardText): CardElement {
  return h(
    'div',
    {
      display: 'flex',
      width: CONTENT_WIDTH,
      alignItems: 'center',
      justifyContent: 'space-between',
      marginTop: 48,
    },
    h(
      'div',
      { display: 'flex', alignItems: 'center' },
      h(
        'div',
        {
          display: 'flex',
          width: 48,
          height: 48,
          borderRadius: 14,
          backgroundImage: BRAND_GRADIENT,
          alignItems: 'center',
          justifyContent: 'center',
          fontSize: 28,
          fontWeight: 700,
        },
        '颜',
      ),
      h(
        'div',
        { display: 'flex', marginLeft: 16, fontSize: 34, fontWeight: 700 },
        text.productName,
      ),
    ),
    h('div', { display: 'flex', fontSize: 22, color: TEXT_48 }, text.productNameAlt),
  );
}

function photoFrame(photoUri: string): CardElement {
  const image: CardElement = {
    type: 'img',
    key: null,
    props: {
      src: photoUri,
      width: PHOTO_WIDTH,
      height: PHOTO_HEIGHT,
      style: { borderRadius: 28, objectFit: 'cover' },
    },
  };
  return h(
    'div',
    {
      display: 'flex',
      marginTop: 32,
      padding: 6,
      borderRadius: 34,
      backgroundImage: BRAND_GRADIENT,
    },
    image,
  );
}

function scoreRow(text: CardText): CardElement {
  const label = (value: string) =>
    h('div', { display: 'flex', fontSize: 24, color: TEXT_72 }, value);
  return h(
    'div',
    {
      display: 'flex',
      width: CONTENT_WIDTH,
      justifyContent: 'space-between',
      alignItems: 'flex-end',
      marginTop: 28,
    },
    h(
      'div',
      { display: 'flex', flexDirection: 'column' },
      label(text.scoreLabel),
      gradientText(text.score, BRAND_GRADIENT, { fontSize: 128, fontWeight: 700, lineHeight: 1.1 }),
    ),
    h(
      'div',
      { display: 'flex', flexDirection: 'column', alignItems: 'flex-end' },
      label(text.rankLabel),
      h(
        'div',
        { display: 'flex', fontSize: text.ranked ? 96 : 56, fontWeight: 700, lineHeight: 1.2 },
        text.rank,
      ),
    ),
  );
}

function boardRow(text: CardText): CardElement {
  const level = h(
    'div',
    {
      display: 'flex',
      padding: '6px 22px',
      borderRadius: 999,
      backgroundImage: GOLD_GRADIENT,
      color: '#2a1600',
      fontSize: 26,
      fontWeight: 700,
      flexShrink: 0,
    },
    text.levelName,
  );
  const board = h(
    'div',
    { display: 'flex', flexDirection: 'column', marginLeft: 20 },
    h('div', { display: 'flex', fontSize: 26, fontWeight: 700 }, text.board),
    ...(text.period === null
      ? []
      : [h('div', { display: 'flex', fontSize: 22, color: TEXT_48 }, text.period)]),
  );
  return h(
    'div',
    { display: 'flex', width: CONTENT_WIDTH, alignItems: 'center', marginTop: 12 },
    level,
    board,
  );
}

function footer(text: CardText, qr: QrMatrix): CardElement {
  return h(
    'div',
    {
      display: 'flex',
      width: CONTENT_WIDTH,
      marginTop: 'auto',
      marginBottom: 48,
      padding: 22,
      borderRadius: 28,
      backgroundColor: SURFACE,
      alignItems: 'center',
    },
    h(
      'div',
      { display: 'flex', flexDirection: 'column', flexGrow: 1, flexShrink: 1, marginRight: 22 },
      h(
        'div',
        { display: 'flex', fontSize: 28, fontWeight: 700, lineHeight: 1.35 },
        text.callToAction,
      ),
      h(
        'div',
        {
          display: 'flex',
          marginTop: 12,
          fontSize: 20,
          color: TEXT_72,
          wordBreak: 'break-all',
          lineHeight: 1.4,
        },
        text.link,
      ),
    ),
    qrCode(qr),
  );
}

/** The whole card. */
export function cardTree(text: CardText, photoUri: string, qr: QrMatrix): CardElement {
  return h(
    'div',
    {
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      position: 'relative',
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      backgroundColor: PAGE,
      color: '#ffffff',
      fontFamily: FONT_FAMILY,
    },
    h('div', {
      display: 'flex',
      position: 'absolute',
      top: 0,
      left: 0,
      width: CARD_WIDTH,
      height: 640,
      backgroundImage:
        'linear-gradient(180deg, rgba(138, 43, 226, 0.5) 0%, rgba(255, 0, 127, 0.16) 55%, rgba(15, 15, 20, 0) 100%)',
    }),
    header(text),
    photoFrame(photoUri),
    scoreRow(text),
    boardRow(text),
    footer(text, qr),
  );
}
