/**
 * The photo viewer's zoom, as pure maths. Positions are in CSS pixels relative to the centre of
 * the photo's frame; the photo is drawn at `translate(x, y) scale(scale)` around that centre.
 */
export interface Zoom {
  scale: number;
  x: number;
  y: number;
}

export interface Point {
  x: number;
  y: number;
}

/** The photo's frame at scale 1 (its laid-out size). */
export interface Frame {
  width: number;
  height: number;
}

export const MIN_SCALE = 1;
export const MAX_SCALE = 4;
/** Where a double tap (or the zoom button) takes the photo. */
export const DOUBLE_TAP_SCALE = 2.5;

export const IDENTITY: Zoom = Object.freeze({ scale: 1, x: 0, y: 0 });

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), high);
}

/** Keeps the scale in range and the photo over its frame: no empty band appears at an edge. */
export function clampZoom(zoom: Zoom, frame: Frame): Zoom {
  const scale = clamp(zoom.scale, MIN_SCALE, MAX_SCALE);
  const roomX = ((scale - 1) * frame.width) / 2;
  const roomY = ((scale - 1) * frame.height) / 2;
  // `+ 0` turns a -0 into 0 (a clamp of -0 to the range [0, 0] keeps the sign).
  return { scale, x: clamp(zoom.x, -roomX, roomX) + 0, y: clamp(zoom.y, -roomY, roomY) + 0 };
}

/**
 * Scales by `factor` keeping the photo's point under `from` under `to` (a pinch: the two
 * fingers' midpoint when they touched down, and now).
 */
export function zoomAround(
  start: Zoom,
  factor: number,
  from: Point,
  to: Point,
  frame: Frame,
): Zoom {
  const scale = clamp(start.scale * factor, MIN_SCALE, MAX_SCALE);
  const ratio = scale / start.scale;
  return clampZoom(
    { scale, x: to.x - (from.x - start.x) * ratio, y: to.y - (from.y - start.y) * ratio },
    frame,
  );
}

/** Moves a zoomed photo with a finger (nothing moves at scale 1). */
export function panBy(start: Zoom, dx: number, dy: number, frame: Frame): Zoom {
  return clampZoom({ ...start, x: start.x + dx, y: start.y + dy }, frame);
}

/** A double tap: zooms in on the tapped point, or back out when zoomed. */
export function toggleAt(zoom: Zoom, at: Point, frame: Frame): Zoom {
  if (zoom.scale > MIN_SCALE) return IDENTITY;
  return zoomAround(zoom, DOUBLE_TAP_SCALE / zoom.scale, at, at, frame);
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}
