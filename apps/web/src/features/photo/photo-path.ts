/** The largest id the contract takes (a positive safe integer). */
const MAX_ID = Number.MAX_SAFE_INTEGER;

/**
 * The photo id of a photo page's address (`/p/42`), or null when the address names none the
 * server could have (the page then says "not found" without asking).
 */
export function photoIdFromPath(pathname: string): number | null {
  const match = /^\/p\/(\d{1,16})\/?$/i.exec(pathname);
  if (match === null) return null;
  const id = Number(match[1]);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** The arena on the photo's category, asked to show this photo first ("来比一比"). */
export function comparePath(photo: { id: number; category_id: number }): string {
  return `/arena?category=${String(photo.category_id)}&photo=${String(photo.id)}`;
}
