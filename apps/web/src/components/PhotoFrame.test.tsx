import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PhotoFrame } from './PhotoFrame';

describe('PhotoFrame', () => {
  it('paints the server’s data: placeholder as a background image before the photo arrives', () => {
    const { container } = render(
      <PhotoFrame src="/media/p/x.webp" placeholder="data:image/webp;base64,UklGRg==" />,
    );
    const frame = container.querySelector('figure');
    expect(frame?.style.backgroundImage).toBe('url("data:image/webp;base64,UklGRg==")');
  });

  it('paints a colour placeholder as the background colour', () => {
    const { container } = render(<PhotoFrame placeholder="#302040" />);
    expect(container.querySelector('figure')?.style.backgroundColor).toMatch(
      /^(#302040|rgb\(48, 32, 64\))$/,
    );
  });
});
