/**
 * One stroke of an icon: a path's `d`, a circle (cx, cy, r) or a rounded rectangle
 * (x, y, width, height, rx), in the 24-unit grid. Icons are data, drawn by one frame.
 */
export type IconShape =
  | string
  | { readonly circle: readonly [number, number, number] }
  | { readonly rect: readonly [number, number, number, number, number] };
export type IconDrawing = readonly IconShape[];

/**
 * Line icons drawn for the app (24 px grid, current colour). Inline SVG rather than emoji: emoji
 * differ between phones and some WebViews have no emoji font at all.
 */
export const ICON_DRAWINGS = {
  arena: [{ rect: [3, 4, 8, 12, 2] }, { rect: [13, 8, 8, 12, 2] }],
  trophy: [
    'M8 4h8v5a4 4 0 0 1-8 0z',
    'M8 6H5a3 3 0 0 0 3.5 4M16 6h3a3 3 0 0 1-3.5 4',
    'M12 13v4M8 21h8M10 17h4v4h-4z',
  ],
  plus: ['M12 5v14M5 12h14'],
  user: [{ circle: [12, 8, 4] }, 'M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6'],
  bolt: ['M13 2 4 14h7l-1 8 9-12h-7z'],
  clock: [{ circle: [12, 12, 9] }, 'M12 7v5l3 2'],
  alert: ['M12 3 2 20h20z', 'M12 10v4M12 17h.01'],
  camera: ['M4 8h3l2-3h6l2 3h3v11H4z', { circle: [12, 13, 3.5] }],
  compass: [{ circle: [12, 12, 9] }, 'm15.5 8.5-2 5-5 2 2-5z'],
  check: ['m5 12 5 5 9-10'],
  flag: ['M5 21V4', 'M5 4h11l-2 4 2 4H5'],
  close: ['M6 6l12 12M18 6 6 18'],
  info: ['M12 11v6M12 7h.01'],
  exclamation: ['M12 5v9M12 18h.01'],
  offline: [
    'M2 8.5a15 15 0 0 1 5-3M10.5 4.1A15 15 0 0 1 22 8.5',
    'M5 12a10 10 0 0 1 4-2.3M14.5 9.8A10 10 0 0 1 19 12',
    'M8.5 15.5a5 5 0 0 1 7 0M12 19.5h.01M3 3l18 18',
  ],
} as const satisfies Readonly<Record<string, IconDrawing>>;

export type IconName = keyof typeof ICON_DRAWINGS;

function Shape({ shape }: { shape: IconShape }) {
  if (typeof shape === 'string') return <path d={shape} />;
  if ('circle' in shape) {
    const [cx, cy, r] = shape.circle;
    return <circle cx={cx} cy={cy} r={r} />;
  }
  const [x, y, width, height, rx] = shape.rect;
  return <rect x={x} y={y} width={width} height={height} rx={rx} />;
}

interface IconFrameProps {
  size?: number;
  className?: string;
  drawing: IconDrawing;
  /** Extra data attributes (e.g. which badge was drawn). */
  data?: Readonly<Record<`data-${string}`, string>>;
}

/**
 * The 24-unit stroked SVG every icon is drawn in. Decorative: always hidden from assistive
 * technology (the text next to it carries the meaning).
 */
export function IconFrame({ size = 24, className, drawing, data }: IconFrameProps) {
  return (
    <svg
      className={`icon ${className ?? ''}`}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...data}
    >
      {/* The shapes of a drawing never move: their place is their key. */}
      {drawing.map((shape, index) => (
        <Shape key={index} shape={shape} />
      ))}
    </svg>
  );
}

interface IconProps {
  name: IconName;
  size?: number;
  className?: string;
}

export function Icon({ name, size, className }: IconProps) {
  return <IconFrame size={size} className={className} drawing={ICON_DRAWINGS[name]} />;
}
