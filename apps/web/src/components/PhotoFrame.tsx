import type { ReactNode } from 'react';
import { placeholderStyle } from '../lib/placeholder';

interface PhotoFrameProps {
  src?: string | null;
  /** The photo's variants (photoSrcSet) and how wide the frame is drawn, when it has them. */
  srcSet?: string;
  sizes?: string;
  alt?: string;
  /** Painted before the image arrives (a blurred colour or tiny preview). */
  placeholder?: string;
  loading?: boolean;
  children?: ReactNode;
  className?: string;
  label?: string;
}

/** Every photo sits in the same 3:4, 16 px rounded frame (UI.md). */
export function PhotoFrame({
  src,
  srcSet,
  sizes,
  alt = '',
  placeholder,
  loading = false,
  children,
  className,
  label,
}: PhotoFrameProps) {
  return (
    <figure
      className={`photo-frame ${loading ? 'photo-frame--loading' : ''} ${className ?? ''}`}
      style={placeholder ? placeholderStyle(placeholder) : undefined}
      aria-label={label}
    >
      {src ? (
        <img
          className="photo-frame__img"
          src={src}
          srcSet={srcSet}
          sizes={sizes}
          alt={alt}
          decoding="async"
        />
      ) : null}
      {children}
    </figure>
  );
}
