import type { CSSProperties } from 'react';

/**
 * The style that paints a photo's placeholder before the photo arrives: a tiny `data:` image
 * (what the server sends) as a background image, or a plain colour.
 */
export function placeholderStyle(placeholder: string): CSSProperties {
  if (/^(data:|\/|https?:)/.test(placeholder)) {
    // Quotes would end the url() string early.
    return { backgroundImage: `url("${placeholder.replace(/"/g, '%22')}")` };
  }
  return { backgroundColor: placeholder };
}
