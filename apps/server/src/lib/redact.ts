/** Query parameters that may carry a credential (spec §2) and never reach a log line. */
const SECRET_PARAMS = new Set(['access-token', 'tokenid', 'token', 'refresh_token', 'cookie']);

function nameOf(pair: string): string {
  const raw = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const pairs = url
    .slice(query + 1)
    .split('&')
    .map((pair) =>
      SECRET_PARAMS.has(nameOf(pair)) ? `${pair.split('=', 1)[0] ?? ''}=[redacted]` : pair,
    );
  return `${url.slice(0, query)}?${pairs.join('&')}`;
}
