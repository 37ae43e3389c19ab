/** Who the passkeys belong to (ADR 0026): the WebAuthn relying party of a request. */
export interface RelyingParty {
  /** The RP ID: the host name without port (an IP address is not a valid one for browsers). */
  id: string;
  /** The origin the browser must report (scheme, host and port). */
  origin: string;
}

export interface RelyingPartySettings {
  /** PUBLIC_URL (no trailing slash) or null. */
  publicUrl: string | null;
  /** PUBLIC_HOSTS: `name[:port]` a request may arrive under; [] none listed. */
  publicHosts: readonly string[];
}

/**
 * PUBLIC_URL when set (every passkey is then bound to that one site); else the origin the
 * request came to, when its host is listed in PUBLIC_HOSTS or nothing is listed; else the first
 * listed host under the request's scheme. A passkey made under one host works only there.
 */
export function relyingPartyOf(
  requestOrigin: string,
  settings: RelyingPartySettings,
): RelyingParty {
  const base = new URL(settings.publicUrl ?? chosenOrigin(requestOrigin, settings.publicHosts));
  return { id: base.hostname, origin: base.origin };
}

function chosenOrigin(requestOrigin: string, publicHosts: readonly string[]): string {
  const request = new URL(requestOrigin);
  const [first] = publicHosts;
  if (first === undefined || publicHosts.includes(request.host)) return request.origin;
  return `${request.protocol}//${first}`;
}
