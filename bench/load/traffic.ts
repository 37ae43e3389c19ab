/**
 * What phones do to the server, as streams for the open-loop generator: the arena cycle (a pair,
 * a look, a vote on it), leaderboards, vote stats, profile reads, categories and a trickle of
 * uploads. Voters are a large pool used round robin, so the per-device and per-user vote limits
 * stay at their defaults and are never what answers; the per-IP limits are raised because every
 * request of the benchmark comes from 127.0.0.1.
 */
import type { Envelope } from '@yanzhi/contract';
import { Pool } from 'undici';
import { mintHostToken } from '../faults/clients.js';
import type { Answer, Recorder, Stream } from './open-loop.js';
import { deviceOfBody } from '@yanzhi/dev-support';
import { devices } from '../lib/device-jar.js';

interface PairData {
  pair_id: string;
  photos: { id: number }[];
}

export interface Voter {
  anonymousId: string;
  token: string | null;
}

/** One keep-alive connection pool to the server; JSON calls through undici's request API. */
export class Client {
  private readonly pool: Pool;

  /**
   * `connections` bounds the requests under way: beyond it undici queues them in the client, so
   * the overload phase uses a client with as many connections as phones would open.
   * `timeoutMs`: a request unanswered for this long counts as "no answer", as a phone gives up.
   */
  constructor(
    readonly url: string,
    connections: number,
    private readonly timeoutMs = 30_000,
  ) {
    this.pool = new Pool(url, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
  }

  // The caller names the contract's answer type; the envelope is not validated here.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
  async call<T>(
    path: string,
    body: Record<string, unknown>,
    token: string | null,
  ): Promise<Answer & { data: T | null }> {
    const device = deviceOfBody(body);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token !== null) headers['access-token'] = token;
    const response = await this.pool.request({
      path,
      method: 'POST',
      headers: devices.headers(device, headers),
      body: JSON.stringify(body),
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
    });
    devices.keep(device, response.headers['set-cookie']);
    const text = await response.body.text();
    try {
      const envelope = JSON.parse(text) as Envelope<T>;
      if (typeof envelope.code === 'number') {
        return { code: envelope.code, status: response.statusCode, data: envelope.data };
      }
    } catch {
      // not an envelope: fall through to the status
    }
    return { code: response.statusCode * 100, status: response.statusCode, data: null };
  }

  /** A multipart upload through fetch (rare enough that its cost does not matter). */
  async upload(form: FormData, token: string): Promise<Answer> {
    const response = await fetch(`${this.url}/api/upload_photo`, {
      method: 'POST',
      headers: { 'access-token': token },
      body: form,
    });
    const envelope = (await response.json()) as Envelope<unknown>;
    return { code: envelope.code, status: response.status };
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

export interface Population {
  categories: number[];
  voters: Voter[];
  /** Signed-in users who upload and read their profile. */
  owners: Voter[];
  images: Buffer[];
}

/** Signs `count` host users in, `concurrency` at a time. */
export async function signInMany(
  client: Client,
  prefix: string,
  count: number,
  secret: string,
): Promise<Voter[]> {
  const voters: Voter[] = [];
  for (let index = 0; index < count; index += 1) {
    let answer = await client.call<{ token: string }>(
      '/api/login_by_cookie',
      { cookie: mintHostToken(`${prefix}-${index}`, secret) },
      null,
    );
    // A busy server sheds with 50300 and Retry-After: 1; a phone waits and tries again.
    for (let attempt = 0; answer.code === 50300 && attempt < 120; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      answer = await client.call<{ token: string }>(
        '/api/login_by_cookie',
        { cookie: mintHostToken(`${prefix}-${index}`, secret) },
        null,
      );
    }
    if (answer.code !== 0 || answer.data === null) {
      throw new Error(`sign-in failed with ${answer.code}`);
    }
    voters.push({ anonymousId: `${prefix}-device-${index}`, token: answer.data.token });
  }
  return voters;
}

function pick<T>(items: readonly T[]): T {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Mix {
  /** Arena cycles (one pair and one vote each) started per second. */
  votes: number;
  leaderboards: number;
  stats: number;
  profiles: number;
  categories: number;
  uploads: number;
  /** The look between a pair and its vote, in ms (the server's minimum dwell is 400 ms). */
  lookMs: readonly [number, number];
}

/** The mix at `scale` times its base rates. */
export function scaled(mix: Mix, scale: number): Mix {
  return {
    ...mix,
    votes: mix.votes * scale,
    leaderboards: mix.leaderboards * scale,
    stats: mix.stats * scale,
    profiles: mix.profiles * scale,
    categories: mix.categories * scale,
    uploads: mix.uploads * scale,
  };
}

export function totalRate(mix: Mix): number {
  return (
    mix.votes * 2 + mix.leaderboards + mix.stats + mix.profiles * 2 + mix.categories + mix.uploads
  );
}

const PERIODS = ['day', 'week', 'month', 'all'] as const;

/** The streams of one phase. */
export function streams(
  client: Client,
  population: Population,
  mix: Mix,
  recorder: Recorder,
): Stream[] {
  let nextVoter = 0;
  let nextOwner = 0;
  const voter = () => {
    const chosen = population.voters[nextVoter % population.voters.length];
    nextVoter += 1;
    if (!chosen) throw new Error('no voters');
    return chosen;
  };
  const owner = () => {
    const chosen = population.owners[nextOwner % population.owners.length];
    nextOwner += 1;
    if (!chosen) throw new Error('no owners');
    return chosen;
  };

  const arenaCycle = async (dueAt: number) => {
    const who = voter();
    let pair: PairData | null = null;
    await recorder.time('get_random_photos_for_rating', dueAt, async () => {
      const answer = await client.call<PairData>(
        '/api/get_random_photos_for_rating',
        { category_id: pick(population.categories), anonymous_id: who.anonymousId },
        who.token,
      );
      pair = answer.code === 0 ? answer.data : null;
      return answer;
    });
    const served = pair as PairData | null;
    const [left, right] = served?.photos ?? [];
    if (!served || !left || !right) return;
    const [low, high] = mix.lookMs;
    await sleep(low + Math.random() * (high - low));
    const [winner, loser] = Math.random() < 0.5 ? [left, right] : [right, left];
    await recorder.time('submit_photo_rating', performance.now(), () =>
      client.call(
        '/api/submit_photo_rating',
        {
          winner_photo_id: winner.id,
          loser_photo_id: loser.id,
          anonymous_id: who.anonymousId,
          pair_id: served.pair_id,
        },
        who.token,
      ),
    );
  };

  const leaderboard = (dueAt: number) => {
    const who = Math.random() < 0.3 ? owner() : null;
    const page = Math.random() < 0.8 ? 1 : 2 + Math.floor(Math.random() * 4);
    return recorder.time('get_leaderboard', dueAt, () =>
      client.call(
        '/api/get_leaderboard',
        { category_id: pick(population.categories), period_type: pick(PERIODS), page },
        who?.token ?? null,
      ),
    );
  };

  const stats = (dueAt: number) => {
    const who = voter();
    return recorder.time('get_user_vote_stats', dueAt, () =>
      client.call('/api/get_user_vote_stats', { anonymous_id: who.anonymousId }, who.token),
    );
  };

  const profile = async (dueAt: number) => {
    const who = owner();
    await recorder.time('get_user_info', dueAt, () =>
      client.call('/api/get_user_info', { token: who.token }, who.token),
    );
    await recorder.time('get_my_photos', performance.now(), () =>
      client.call('/api/get_my_photos', { page: 1, page_size: 20 }, who.token),
    );
  };

  const categories = (dueAt: number) =>
    recorder.time('get_categories', dueAt, () => client.call('/api/get_categories', {}, null));

  const upload = async (dueAt: number) => {
    const who = owner();
    // Each image once: the server refuses a photo it already has (40904).
    const image = population.images.pop();
    if (!image) return;
    const form = new FormData();
    form.append('category_id', String(pick(population.categories)));
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'photo.jpg');
    await recorder.time('upload_photo', dueAt, () => client.upload(form, who.token ?? ''));
  };

  return [
    { rate: mix.votes, start: arenaCycle },
    { rate: mix.leaderboards, start: leaderboard },
    { rate: mix.stats, start: stats },
    { rate: mix.profiles, start: profile },
    { rate: mix.categories, start: categories },
    { rate: mix.uploads, start: upload },
  ].filter((stream) => stream.rate > 0);
}
