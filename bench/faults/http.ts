import { deviceOfBody } from '@yanzhi/dev-support';
import { devices } from '../lib/device-jar.js';

/**
 * One HTTP call and what the client can know about it afterwards: answered with code 0
 * (acknowledged), answered with another code (refused), never delivered (the connection was
 * refused, so the server never saw it), or in flight (sent, and the answer was lost to the kill:
 * it may or may not have been committed).
 */
export type Outcome<T> =
  | { kind: 'acked'; data: T }
  | { kind: 'refused'; code: number }
  | { kind: 'undelivered' }
  | { kind: 'inflight'; reason: string };

interface Envelope {
  code: number;
  data: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'number'
  );
}

function failureOf(error: unknown): { kind: 'undelivered' } | { kind: 'inflight'; reason: string } {
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  if (code === 'ECONNREFUSED') return { kind: 'undelivered' };
  return { kind: 'inflight', reason: code ?? (error instanceof Error ? error.message : 'error') };
}

/** POSTs a JSON body or a form; the data type is the caller's claim about the contract. */
export async function post<T>(
  url: string,
  body: Record<string, unknown> | FormData,
  token: string | null,
): Promise<Outcome<T>> {
  const started = performance.now();
  const outcome = await send<T>(url, body, token);
  if (outcome.kind === 'acked' || outcome.kind === 'refused') {
    latencies.push({ path: new URL(url).pathname, ms: performance.now() - started });
  }
  return outcome;
}

/** Every answered call's latency, for the report; the runner empties it per round. */
export const latencies: { path: string; ms: number }[] = [];

async function send<T>(
  url: string,
  body: Record<string, unknown> | FormData,
  token: string | null,
): Promise<Outcome<T>> {
  const device = deviceOfBody(body);
  const headers: Record<string, string> = {};
  if (token !== null) headers['access-token'] = token;
  if (!(body instanceof FormData)) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: devices.headers(device, headers),
      body: body instanceof FormData ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    return failureOf(error);
  }
  devices.keep(device, response.headers.get('set-cookie'));
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch (error) {
    // Headers arrived but the body did not: the answer was cut off by the kill.
    return { kind: 'inflight', reason: `body: ${failureOf(error).kind}` };
  }
  if (!isEnvelope(parsed)) return { kind: 'refused', code: response.status * 100 };
  if (parsed.code !== 0) return { kind: 'refused', code: parsed.code };
  return { kind: 'acked', data: parsed.data as T };
}
