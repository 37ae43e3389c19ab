/**
 * The JSON the server wrote into the page in a script element of this id (never run: its type
 * is application/json; server plugins/page-html.ts); undefined when the page has none (the
 * service worker's copy of the shell) or it cannot be read.
 */
export function jsonInPage(id: string): unknown {
  const element = document.getElementById(id);
  if (element === null) return undefined;
  try {
    return JSON.parse(element.textContent) as unknown;
  } catch {
    return undefined;
  }
}
