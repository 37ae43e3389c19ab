import { ICON_DRAWINGS, IconFrame, type IconDrawing, type IconName } from './Icon';

/**
 * Icons only the pages after the first one draw (tips, podium, period picker, sharing): a module
 * of their own, so the first download carries only the shell's and the arena's (ADR 0014).
 */
const PAGE_DRAWINGS = {
  tap: [
    'M9 13V5a2 2 0 0 1 4 0v6',
    'M13 11a2 2 0 0 1 4 0v1a2 2 0 0 1 3 1.7V16a6 6 0 0 1-6 6h-1.5a6 6 0 0 1-5-2.7L4.6 15.4a1.8 1.8 0 0 1 2.9-2.1L9 15',
  ],
  unlock: [{ rect: [4, 11, 16, 10, 2] }, 'M8 11V7a4 4 0 0 1 7.6-1.7'],
  sun: [
    { circle: [12, 12, 4] },
    'M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
  ],
  face: [{ circle: [12, 12, 9] }, 'M8.5 14.5a4.5 4.5 0 0 0 7 0M9 9.5h.01M15 9.5h.01'],
  noFilter: [{ circle: [12, 12, 9] }, 'm5.6 5.6 12.8 12.8'],
  crown: ['M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z', 'M5 19h14'],
  share: ['M12 15V3M7.5 7.5 12 3l4.5 4.5', 'M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7'],
  download: ['M12 3v12M7.5 10.5 12 15l4.5-4.5', 'M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2'],
  link: [
    'M10 14a4.5 4.5 0 0 0 6.4 0l3.2-3.2a4.5 4.5 0 0 0-6.4-6.4L12 5.6',
    'M14 10a4.5 4.5 0 0 0-6.4 0l-3.2 3.2a4.5 4.5 0 0 0 6.4 6.4l1.2-1.2',
  ],
  calendar: [{ rect: [3.5, 5, 17, 15.5, 2.5] }, 'M3.5 10h17M8 3v4M16 3v4'],
  chevronLeft: ['m15 5-7 7 7 7'],
  chevronRight: ['m9 5 7 7-7 7'],
} as const satisfies Readonly<Record<string, IconDrawing>>;

export type PageIconName = keyof typeof PAGE_DRAWINGS;

interface PageIconProps {
  name: PageIconName | IconName;
  size?: number;
  className?: string;
}

/** Any icon, the shell's (Icon) or a page's. */
export function PageIcon({ name, size, className }: PageIconProps) {
  const drawing =
    name in PAGE_DRAWINGS ? PAGE_DRAWINGS[name as PageIconName] : ICON_DRAWINGS[name as IconName];
  return <IconFrame size={size} className={className} drawing={drawing} />;
}
