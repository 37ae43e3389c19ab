/**
 * The concurrent clients of one load phase: voters (anonymous and signed in) fetching a pair and
 * voting on it after a human-like look, and signed-in owners who upload, boost, delete and vote.
 * Every write goes into the journal with what its answer (or its lack of one) says.
 */
import { createHmac } from 'node:crypto';
import { HOST_TOKEN_PREFIX } from '@yanzhi/contract';
import sharp from 'sharp';
import { post, type Outcome } from './http.js';
import type { Journal } from './journal.js';

export interface Client {
  anonymousId: string;
  token: string | null;
  userId: number | null;
  hostUserId: string | null;
  /** Owners only: their photos that are not deleted, as of the last look. */
  photos: number[] | null;
}

export interface LoadContext {
  url: string;
  categories: number[];
  journal: Journal;
  images: Buffer[];
  running: () => boolean;
  dwellMs: readonly [min: number, max: number];
}

interface PairData {
  pair_id: string;
  photos: { id: number; is_boosted: boolean }[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.random() * (max - min);
function pick<T>(items: readonly T[]): T | undefined {
  return items[Math.floor(Math.random() * items.length)];
}
/** The server is gone: this client stops for the round. */
const lost = (outcome: Outcome<unknown>) =>
  outcome.kind === 'undelivered' || outcome.kind === 'inflight';

/** A host-signed token as the native host would mint it (DESIGN §4). */
export function mintHostToken(sub: string, secret: string): string {
  const payload = { sub, name: sub, exp: Math.floor(Date.now() / 1000) + 86_400 };
  const body = `${HOST_TOKEN_PREFIX}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** Distinct photo-like JPEGs: smooth random colour fields, so their dHashes differ. */
export async function makeJpegs(count: number): Promise<Buffer[]> {
  const images: Buffer[] = [];
  for (let index = 0; index < count; index += 1) {
    const grid = Buffer.alloc(4 * 3 * 3).map(() => Math.floor(Math.random() * 256));
    images.push(
      await sharp(grid, { raw: { width: 3, height: 4, channels: 3 } })
        .resize(600, 800, { fit: 'fill', kernel: 'cubic' })
        .jpeg({ quality: 85 })
        .toBuffer(),
    );
  }
  return images;
}

export async function signIn(
  url: string,
  client: Client,
  secret: string,
  journal: Journal,
): Promise<void> {
  if (client.hostUserId === null) return;
  const outcome = await post<{ token: string; userInfo: { id: number } }>(
    `${url}/api/login_by_cookie`,
    { cookie: mintHostToken(client.hostUserId, secret) },
    null,
  );
  journal.login(client.hostUserId, outcome);
  if (outcome.kind !== 'acked') throw new Error(`login failed: ${JSON.stringify(outcome)}`);
  client.token = outcome.data.token;
  client.userId = outcome.data.userInfo.id;
}

/** One pair and its vote; false when the server went away. */
async function voteOnce(context: LoadContext, client: Client): Promise<boolean> {
  const categoryId = pick(context.categories);
  const pair = await post<PairData>(
    `${context.url}/api/get_random_photos_for_rating`,
    { category_id: categoryId, anonymous_id: client.anonymousId },
    client.token,
  );
  context.journal.read('pair', pair);
  if (pair.kind !== 'acked') {
    if (lost(pair)) return false;
    await sleep(200);
    return true;
  }
  await sleep(between(...context.dwellMs));
  if (!context.running()) return false;
  const [left, right] = pair.data.photos;
  if (!left || !right) return true;
  const [winner, loser] = Math.random() < 0.5 ? [left, right] : [right, left];
  const boosted = pair.data.photos.find((photo) => photo.is_boosted);
  const outcome = await post<{ fuel_earned: number }>(
    `${context.url}/api/submit_photo_rating`,
    {
      winner_photo_id: winner.id,
      loser_photo_id: loser.id,
      anonymous_id: client.anonymousId,
      pair_id: pair.data.pair_id,
      ...(boosted ? { boosted_photo_id: boosted.id } : {}),
    },
    client.token,
  );
  context.journal.vote(pair.data.pair_id, winner.id, loser.id, outcome);
  return !lost(outcome);
}

export async function runVoter(context: LoadContext, client: Client): Promise<void> {
  // Voters arrive over the first second rather than all at once.
  await sleep(between(0, 1000));
  while (context.running()) {
    if (!(await voteOnce(context, client))) return;
  }
}

async function refreshPhotos(context: LoadContext, client: Client): Promise<boolean> {
  const mine = await post<{ photos: { id: number }[] }>(
    `${context.url}/api/get_my_photos`,
    { page: 1, page_size: 100 },
    client.token,
  );
  context.journal.read('my_photos', mine);
  if (mine.kind === 'acked') client.photos = mine.data.photos.map((photo) => photo.id);
  return !lost(mine);
}

async function upload(context: LoadContext, client: Client, userId: number): Promise<boolean> {
  const image = pick(context.images);
  if (!image) return true;
  const form = new FormData();
  form.append('category_id', String(pick(context.categories)));
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'photo.jpg');
  const outcome = await post<{ photo: { id: number } }>(
    `${context.url}/api/upload_photo`,
    form,
    client.token,
  );
  context.journal.upload(userId, outcome);
  if (outcome.kind === 'acked') client.photos?.push(outcome.data.photo.id);
  return !lost(outcome);
}

async function boost(context: LoadContext, client: Client, userId: number): Promise<boolean> {
  const photoId = pick(client.photos ?? []);
  if (photoId === undefined) return true;
  const exposures = Math.random() < 0.8 ? 10 : 30;
  const outcome = await post(
    `${context.url}/api/boost_photo`,
    { photo_id: photoId, exposures },
    client.token,
  );
  context.journal.boost(userId, photoId, exposures, outcome);
  return !lost(outcome);
}

async function remove(context: LoadContext, client: Client, userId: number): Promise<boolean> {
  const photos = client.photos ?? [];
  const photoId = pick(photos);
  if (photoId === undefined || photos.length < 2) return true;
  const outcome = await post(
    `${context.url}/api/delete_photo`,
    { photo_id: photoId },
    client.token,
  );
  context.journal.delete(userId, photoId, outcome);
  if (outcome.kind === 'acked') client.photos = photos.filter((id) => id !== photoId);
  return !lost(outcome);
}

/** A signed-in owner: uploads, boosts, now and then deletes, and votes to earn fuel. */
export async function runOwner(context: LoadContext, client: Client): Promise<void> {
  const userId = client.userId;
  if (userId === null) throw new Error('an owner must be signed in');
  await sleep(between(0, 1000));
  if (!(await refreshPhotos(context, client))) return;
  while (context.running()) {
    const roll = Math.random();
    const photos = client.photos ?? [];
    let alive: boolean;
    if (roll < 0.3 || photos.length === 0) alive = await upload(context, client, userId);
    else if (roll < 0.55) alive = await boost(context, client, userId);
    else if (roll < 0.65) alive = await remove(context, client, userId);
    else alive = await voteOnce(context, client);
    if (!alive) return;
    await sleep(between(100, 600));
  }
}
