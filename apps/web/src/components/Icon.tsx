import type { ReactNode } from 'react';

/**
 * Line icons drawn for the app (24 px grid, current colour). Inline SVG rather than emoji: emoji
 * differ between phones and some WebViews have no emoji font at all.
 */
const PATHS = {
  arena: (
    <>
      <rect x="3" y="4" width="8" height="12" rx="2" />
      <rect x="13" y="8" width="8" height="12" rx="2" />
    </>
  ),
  trophy: (
    <>
      <path d="M8 4h8v5a4 4 0 0 1-8 0z" />
      <path d="M8 6H5a3 3 0 0 0 3.5 4M16 6h3a3 3 0 0 1-3.5 4" />
      <path d="M12 13v4M8 21h8M10 17h4v4h-4z" />
    </>
  ),
  plus: <path d="M12 5v14M5 12h14" />,
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
    </>
  ),
  bolt: <path d="M13 2 4 14h7l-1 8 9-12h-7z" />,
  clock: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>
  ),
  alert: (
    <>
      <path d="M12 3 2 20h20z" />
      <path d="M12 10v4M12 17h.01" />
    </>
  ),
  camera: (
    <>
      <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
      <circle cx="12" cy="13" r="3.5" />
    </>
  ),
  compass: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m15.5 8.5-2 5-5 2 2-5z" />
    </>
  ),
  check: <path d="m5 12 5 5 9-10" />,
  flag: (
    <>
      <path d="M5 21V4" />
      <path d="M5 4h11l-2 4 2 4H5" />
    </>
  ),
  close: <path d="M6 6l12 12M18 6 6 18" />,
  info: <path d="M12 11v6M12 7h.01" />,
  exclamation: <path d="M12 5v9M12 18h.01" />,
  offline: (
    <>
      <path d="M2 8.5a15 15 0 0 1 5-3M10.5 4.1A15 15 0 0 1 22 8.5" />
      <path d="M5 12a10 10 0 0 1 4-2.3M14.5 9.8A10 10 0 0 1 19 12" />
      <path d="M8.5 15.5a5 5 0 0 1 7 0M12 19.5h.01M3 3l18 18" />
    </>
  ),
} as const;

export type IconName = keyof typeof PATHS;

interface IconFrameProps {
  size?: number;
  className?: string;
  children: ReactNode;
  /** Extra data attributes (e.g. which badge was drawn). */
  data?: Readonly<Record<`data-${string}`, string>>;
}

/**
 * The 24-unit stroked SVG every icon is drawn in. Decorative: always hidden from assistive
 * technology (the text next to it carries the meaning).
 */
export function IconFrame({ size = 24, className, children, data }: IconFrameProps) {
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
      {children}
    </svg>
  );
}

interface IconProps {
  name: IconName;
  size?: number;
  className?: string;
}

export function Icon({ name, size, className }: IconProps) {
  return (
    <IconFrame size={size} className={className}>
      {PATHS[name]}
    </IconFrame>
  );
}
