import type { CSSProperties, ReactNode } from 'react';
import { useT } from '../lib/i18n';

interface SkeletonProps {
  width?: string;
  height?: string;
  radius?: string;
  className?: string;
}

/** A shimmering placeholder block; decorative, so hidden from assistive technology. */
export function Skeleton({ width = '100%', height = '16px', radius, className }: SkeletonProps) {
  const style: CSSProperties = { width, height };
  if (radius !== undefined) style.borderRadius = radius;
  return <span className={`skeleton ${className ?? ''}`} style={style} aria-hidden="true" />;
}

/** Announces that something is loading while skeletons paint its shape. */
export function LoadingRegion({ label, children }: { label?: string; children: ReactNode }) {
  const t = useT();
  return (
    <div role="status" aria-busy="true" className="loading-region">
      <span className="visually-hidden">{label ?? t('app.loading')}</span>
      {children}
    </div>
  );
}
