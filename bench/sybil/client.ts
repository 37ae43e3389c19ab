/**
 * Simulated phones for the sybil bench: each device sends the spec's headers like the web client
 * (its own device id, session id, optional access token), keeps its own cookie jar (the server
 * may bind an anonymous id to its device with a cookie) and connects from a chosen loopback
 * source address, so the server sees the address the scenario wants (127.0.0.0/8 is all local).
 */
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_APP_VERSION,
  PACKAGE_ID,
  PLAN_TYPE,
  REQUEST_HEADERS,
  UMENG_CHANNEL,
} from '@yanzhi/contract';
import { Agent, FormData, request } from 'undici';

/** Codes of the 429xx group (rate limited) and the load shedder's 50300. */
export const isRateLimited = (code: number) => code >= 42900 && code < 43000;
export const OVERLOADED = 50300;

export interface Answer<T> {
  code: number;
  data: T | null;
}

const agents = new Map<string, Agent>();

/** One keep-alive pool per source address, shared by the devices behind that address. */
function agentFor(localAddress: string): Agent {
  let agent = agents.get(localAddress);
  if (!agent) {
    agent = new Agent({ localAddress, connections: 16, keepAliveTimeout: 30_000 });
    agents.set(localAddress, agent);
  }
  return agent;
}

export async function closeAgents(): Promise<void> {
  const all = [...agents.values()];
  agents.clear();
  await Promise.all(all.map((agent) => agent.close()));
}

/** Counts what every request of a scenario was answered, for the report. */
export class Tally {
  calls = 0;
  rateLimited = 0;
  shed = 0;
  votesCast = 0;
  votesAccepted = 0;
  readonly refusals = new Map<number, number>();

  refused(code: number): void {
    this.refusals.set(code, (this.refusals.get(code) ?? 0) + 1);
  }

  /** `42900×12 40902×3`: every non-zero code other than the limits, most frequent first. */
  refusalSummary(): string {
    return [...this.refusals]
      .sort((a, b) => b[1] - a[1])
      .map(([code, count]) => `${code}×${count}`)
      .join(' ');
  }
}

export class Device {
  readonly anonymousId = `web-${randomUUID()}`;
  private readonly sessionId = `X_${randomUUID()}`;
  private readonly cookies = new Map<string, string>();
  token: string | null = null;

  constructor(
    private readonly url: string,
    readonly address: string,
    private readonly tally: Tally,
  ) {}

  private headers(json: boolean): Record<string, string> {
    const headers: Record<string, string> = {
      [REQUEST_HEADERS.planType]: PLAN_TYPE,
      [REQUEST_HEADERS.version]: DEFAULT_APP_VERSION,
      [REQUEST_HEADERS.packageId]: PACKAGE_ID,
      [REQUEST_HEADERS.umengChannel]: UMENG_CHANNEL,
      [REQUEST_HEADERS.deviceBrand]: 'Apple',
      [REQUEST_HEADERS.deviceModel]: 'iPhone',
      [REQUEST_HEADERS.deviceId]: this.anonymousId,
      [REQUEST_HEADERS.sessionId]: this.sessionId,
      'accept-language': 'zh-CN',
    };
    if (json) headers[REQUEST_HEADERS.contentType] = 'application/json';
    if (this.token !== null) headers[REQUEST_HEADERS.accessToken] = this.token;
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    return headers;
  }

  private keepCookies(setCookie: string | string[] | undefined): void {
    for (const line of typeof setCookie === 'string' ? [setCookie] : (setCookie ?? [])) {
      const [pair = '', ...attributes] = line.split(';');
      const equals = pair.indexOf('=');
      if (equals <= 0) continue;
      const name = pair.slice(0, equals).trim();
      const value = pair.slice(equals + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age\s*=\s*0\s*$/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** POSTs a JSON body (or a form) and reads the envelope; the data type is the caller's claim. */
  async call<T>(path: string, body: Record<string, unknown> | FormData): Promise<Answer<T>> {
    const json = !(body instanceof FormData);
    this.tally.calls += 1;
    const response = await request(`${this.url}${path}`, {
      method: 'POST',
      dispatcher: agentFor(this.address),
      headers: this.headers(json),
      body: json ? JSON.stringify(body) : body,
      headersTimeout: 60_000,
      bodyTimeout: 60_000,
    });
    this.keepCookies(response.headers['set-cookie']);
    const text = await response.body.text();
    let answer: Answer<T> = { code: response.statusCode * 100, data: null };
    try {
      const envelope = JSON.parse(text) as { code?: unknown; data?: unknown };
      if (typeof envelope.code === 'number') {
        answer = { code: envelope.code, data: (envelope.data ?? null) as T | null };
      }
    } catch {
      // not an envelope: the status stands for the code
    }
    if (isRateLimited(answer.code)) this.tally.rateLimited += 1;
    else if (answer.code === OVERLOADED) this.tally.shed += 1;
    else if (answer.code !== 0) this.tally.refused(answer.code);
    return answer;
  }
}
