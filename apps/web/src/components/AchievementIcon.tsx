import { ICON_DRAWINGS, IconFrame, type IconDrawing } from './Icon';

/**
 * Badges of the achievements, keyed by the short icon key the server sends ('first-vote',
 * 'votes', 'streak', 'win-streak', 'score'); an unknown key gets the generic medal. Drawn as
 * SVG for the same reason as Icon: emoji differ between phones and some WebViews lack them.
 */
const BADGES: Readonly<Record<string, IconDrawing>> = {
  'first-vote': [
    'M9 13V5a2 2 0 0 1 4 0v6',
    'M13 11a2 2 0 0 1 4 0v1a2 2 0 0 1 3 1.7V16a6 6 0 0 1-6 6h-1.5a6 6 0 0 1-5-2.7L4.6 15.4a1.8 1.8 0 0 1 2.9-2.1L9 15',
  ],
  votes: [{ rect: [4, 10, 16, 11, 2] }, 'M8 10V4h8v6M10 7h4'],
  streak: ['M12 22a7 7 0 0 0 7-7c0-4-3-6-4-10-2 2-3 4-3 6-1-1-2-2-2-4-2 2-5 5-5 8a7 7 0 0 0 7 7z'],
  'win-streak': ICON_DRAWINGS.trophy,
  score: ['m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z'],
};

const MEDAL: IconDrawing = [{ circle: [12, 15, 6] }, 'M8.5 10 6 3h4l2 5 2-5h4l-2.5 7'];

interface AchievementIconProps {
  icon: string | undefined;
  size?: number;
  className?: string;
}

/** Decorative: the achievement's title next to it carries the meaning. */
export function AchievementIcon({ icon, size, className }: AchievementIconProps) {
  const badge = icon === undefined ? undefined : BADGES[icon];
  return (
    <IconFrame
      size={size}
      className={className}
      data={{ 'data-badge': badge === undefined || icon === undefined ? 'medal' : icon }}
      drawing={badge ?? MEDAL}
    />
  );
}
