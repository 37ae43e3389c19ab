/**
 * What a vote records for the sybil-resistant refit (ADR 0024), through HTTP from given client
 * addresses: its neighbourhood, the fishing verdict of its address, and the online damping of one
 * neighbourhood's crowd on one photo.
 */
import { pairSchema, type Pair } from '@yanzhi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { neighbourhoodHash } from '../../src/domain/network.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { addPhotos, categoryIds } from '../support/arena.js';
import { dialects } from '../support/database.js';
import { callFrom } from '../support/from-address.js';

describe.each(dialects)('votes against sybils on %s', (dialect) => {
  let app: TestApp;
  let category = 0;
  let pairCategory = 0;
  let seq = 0;
  const nextId = () => `web-sybil-${dialect}-${(seq += 1)}`;

  beforeAll(async () => {
    app = await createTestApp(dialect, {
      RATE_LIMIT_PAIRS_PER_MINUTE: '100000',
      RATE_LIMIT_VOTES_PER_MINUTE_DEVICE: '100000',
      RATE_LIMIT_VOTES_PER_MINUTE_IP: '100000',
      RATE_LIMIT_API_PER_MINUTE: '100000',
    });
    await app.services.demo.seed(6);
    [category = 0] = await categoryIds(app);
    // A category of exactly two photos: every pair it serves is the same two photos.
    await app.services.categories.save({ slug: 'duo', name: '二', name_en: 'Duo' });
    pairCategory = (await categoryIds(app)).at(-1) ?? 0;
    // Two owners: a pair never shows one owner's photos together.
    const owners = await app.db.selectFrom('users').select('id').orderBy('id').limit(2).execute();
    for (const owner of owners) await addPhotos(app, owner.id, pairCategory, 1);
  });
  afterAll(() => app.close());

  async function serve(address: string, anonymousId: string, categoryId = category): Promise<Pair> {
    const result = await callFrom(app, address, 'get_random_photos_for_rating', {
      category_id: categoryId,
      anonymous_id: anonymousId,
    });
    expect(result.code, result.msg).toBe(0);
    return pairSchema.parse(result.data);
  }

  async function voteFrom(address: string, anonymousId: string, pair: Pair) {
    app.clock.advance(1500);
    const [winner, loser] = pair.photos;
    const result = await callFrom(app, address, 'submit_photo_rating', {
      winner_photo_id: winner.id,
      loser_photo_id: loser.id,
      anonymous_id: anonymousId,
      pair_id: pair.pair_id,
    });
    expect(result.code, result.msg).toBe(0);
    return app.db
      .selectFrom('votes')
      .select(['weight', 'net', 'fuel_earned'])
      .where('pair_id', '=', pair.pair_id)
      .executeTakeFirstOrThrow();
  }

  it('stores the neighbourhood a vote came from, the same for one /24 and different for another', async () => {
    const first = nextId();
    const a = await voteFrom('198.51.100.7', first, await serve('198.51.100.7', first));
    expect(a.net).toBe(neighbourhoodHash('198.51.100.7'));
    const id = nextId();
    const b = await voteFrom('198.51.100.200', id, await serve('198.51.100.200', id));
    expect(b.net).toBe(a.net);
    const other = nextId();
    const c = await voteFrom('198.51.101.7', other, await serve('198.51.101.7', other));
    expect(c.net).not.toBe(a.net);
  });

  it('gives no weight and no fuel to the votes of an address that fishes, and keeps them', async () => {
    const fisher = '203.0.113.9';
    // Served 150 pairs and voted on none: looking for one photo.
    for (let k = 0; k < 150; k++) await serve(fisher, nextId());
    const id = nextId();
    const fished = await voteFrom(fisher, id, await serve(fisher, id));
    expect(fished.weight).toBe(0);
    expect(fished.fuel_earned).toBe(0);
    // Another neighbourhood that votes on what it is shown is untouched.
    const honest = nextId();
    const fair = await voteFrom('192.0.2.10', honest, await serve('192.0.2.10', honest));
    expect(fair.weight).toBeGreaterThan(0);
    expect(fair.fuel_earned).toBeGreaterThan(0);
  });

  it('lets one neighbourhood move one photo online by at most 20 votes an hour', async () => {
    const weights: number[] = [];
    for (let k = 0; k < 25; k++) {
      const id = nextId();
      const address = `100.64.7.${k + 1}`;
      weights.push((await voteFrom(address, id, await serve(address, id, pairCategory))).weight);
    }
    const full = weights[0] ?? 0;
    expect(full).toBeGreaterThan(0);
    expect(weights.slice(0, 20).every((weight) => Math.abs(weight - full) < 1e-9)).toBe(true);
    expect(weights[24]).toBeCloseTo((full * 20) / 25, 6);
    // The next neighbourhood starts afresh.
    const id = nextId();
    const next = await voteFrom('100.64.8.1', id, await serve('100.64.8.1', id, pairCategory));
    expect(next.weight).toBeCloseTo(full, 9);
  });
});
