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
  tap: (
    <>
      <path d="M9 13V5a2 2 0 0 1 4 0v6" />
      <path d="M13 11a2 2 0 0 1 4 0v1a2 2 0 0 1 3 1.7V16a6 6 0 0 1-6 6h-1.5a6 6 0 0 1-5-2.7L4.6 15.4a1.8 1.8 0 0 1 2.9-2.1L9 15" />
    </>
  ),
  unlock: (
    <>
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 7.6-1.7" />
    </>
  ),
  sun: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </>
  ),
  face: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8.5 14.5a4.5 4.5 0 0 0 7 0M9 9.5h.01M15 9.5h.01" />
    </>
  ),
  noFilter: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m5.6 5.6 12.8 12.8" />
    </>
  ),
  check: <path d="m5 12 5 5 9-10" />,
  flag: (
    <>
      <path d="M5 21V4" />
      <path d="M5 4h11l-2 4 2 4H5" />
    </>
  ),
  skip: <path d="m6 6 6 6-6 6M13 6l6 6-6 6" />,
  close: <path d="M6 6l12 12M18 6 6 18" />,
  info: <path d="M12 11v6M12 7h.01" />,
  exclamation: <path d="M12 5v9M12 18h.01" />,
  crown: (
    <>
      <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z" />
      <path d="M5 19h14" />
    </>
  ),
  share: (
    <>
      <path d="M12 15V3M7.5 7.5 12 3l4.5 4.5" />
      <path d="M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7" />
    </>
  ),
  download: (
    <>
      <path d="M12 3v12M7.5 10.5 12 15l4.5-4.5" />
      <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
    </>
  ),
  link: (
    <>
      <path d="M10 14a4.5 4.5 0 0 0 6.4 0l3.2-3.2a4.5 4.5 0 0 0-6.4-6.4L12 5.6" />
      <path d="M14 10a4.5 4.5 0 0 0-6.4 0l-3.2 3.2a4.5 4.5 0 0 0 6.4 6.4l1.2-1.2" />
    </>
  ),
  chevronLeft: <path d="m15 5-7 7 7 7" />,
  chevronRight: <path d="m9 5 7 7-7 7" />,
  offline: (
    <>
      <path d="M2 8.5a15 15 0 0 1 5-3M10.5 4.1A15 15 0 0 1 22 8.5" />
      <path d="M5 12a10 10 0 0 1 4-2.3M14.5 9.8A10 10 0 0 1 19 12" />
      <path d="M8.5 15.5a5 5 0 0 1 7 0M12 19.5h.01M3 3l18 18" />
    </>
  ),
  sparkle: (
    <path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6" />
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
