/**
 * The canvas every part is drawn on. The head is laid out around fixed anchors (face centre,
 * shoulder line) so each part can be drawn on its own and still line up with the others.
 */

export const W = 720;
export const H = 960;
export const CX = W / 2;
/** Vertical centre of the face (its widest point); the whole head is laid out relative to it. */
export const CY = 410;
/** Where the neck meets the shoulders. */
export const SY = 686;

/** Draws a left/right pair: `f` receives -1 for the viewer's left and +1 for the right. */
export const mirror = (f: (side: number) => string): string => f(-1) + f(1);
/** x at `dx` from the midline on `side` (-1 left, +1 right). */
export const X = (side: number, dx: number): number => CX + side * dx;
