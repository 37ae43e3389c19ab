import { describe, expect, it } from 'vitest';
import {
  DOUBLE_TAP_SCALE,
  IDENTITY,
  MAX_SCALE,
  clampZoom,
  panBy,
  toggleAt,
  zoomAround,
} from './zoom-math';

const FRAME = { width: 300, height: 400 };

describe('the photo viewer zoom', () => {
  it('pinches around the fingers: the point under them stays under them', () => {
    const at = { x: 60, y: -80 };
    const zoom = zoomAround(IDENTITY, 2, at, at, FRAME);
    expect(zoom.scale).toBe(2);
    // The photo point (60, -80) is drawn at x + scale * 60 = 60: x = -60.
    expect(zoom).toEqual({ scale: 2, x: -60, y: 80 });
  });

  it('follows the fingers as they move while pinching', () => {
    const zoom = zoomAround(IDENTITY, 2, { x: 0, y: 0 }, { x: 30, y: 10 }, FRAME);
    expect(zoom).toEqual({ scale: 2, x: 30, y: 10 });
  });

  it(`keeps the scale between 1 and ${MAX_SCALE}`, () => {
    expect(zoomAround(IDENTITY, 10, { x: 0, y: 0 }, { x: 0, y: 0 }, FRAME).scale).toBe(MAX_SCALE);
    expect(zoomAround(IDENTITY, 0.2, { x: 0, y: 0 }, { x: 0, y: 0 }, FRAME)).toEqual(IDENTITY);
  });

  it('never pans past the photo edge, and not at all when not zoomed', () => {
    expect(panBy(IDENTITY, 50, 50, FRAME)).toEqual(IDENTITY);
    const zoomed = { scale: 2, x: 0, y: 0 };
    // At scale 2 the photo overhangs its frame by half its size on each axis, shared by two sides.
    expect(panBy(zoomed, 1000, -1000, FRAME)).toEqual({ scale: 2, x: 150, y: -200 });
    expect(clampZoom({ scale: 2, x: -20, y: 30 }, FRAME)).toEqual({ scale: 2, x: -20, y: 30 });
  });

  it('zooms in on a double tap where it was tapped, and back out on the next', () => {
    const zoomed = toggleAt(IDENTITY, { x: 40, y: 40 }, FRAME);
    expect(zoomed.scale).toBe(DOUBLE_TAP_SCALE);
    expect(zoomed.x).toBeCloseTo(40 - DOUBLE_TAP_SCALE * 40);
    expect(toggleAt(zoomed, { x: 0, y: 0 }, FRAME)).toEqual(IDENTITY);
  });
});
