/** Query parameters that may carry a credential (spec §2) and never reach a log line. */
const SECRET_PARAMS = ['access-token', 'tokenId', 'token', 'refresh_token', 'cookie'];

export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  let changed = false;
  for (const name of SECRET_PARAMS) {
    if (params.has(name)) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, query)}?${params.toString()}` : url;
}
