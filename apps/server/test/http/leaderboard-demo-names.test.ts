import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoNickname } from '../../src/services/demo.service.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { categoryIds } from '../support/arena.js';
import { dialects } from '../support/database.js';
import { board } from '../support/leaderboard.js';

/** Issue 17: "demo names repeat on one board". More demo photos than the old twelve owners. */
const PER_CATEGORY = 14;

describe.each(dialects)('demo owners on the boards on %s', (dialect) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(dialect, { TZ_LEADERBOARD: 'Asia/Shanghai' });
    await app.services.demo.seedIfWanted(undefined, PER_CATEGORY);
    await app.services.refit.refitAll();
  });
  afterAll(() => app.close());

  it('gives every demo photo of a category an owner name of its own', async () => {
    for (const category of await categoryIds(app)) {
      const all = await board(app, { category_id: category, period_type: 'all', page_size: 100 });
      expect(all.total_items).toBe(PER_CATEGORY);
      const names = all.items.map((item) => item.owner_name);
      expect(new Set(names).size, names.join(' ')).toBe(names.length);
    }
  });
});

describe('demo nicknames', () => {
  it('are unique up to the largest demo set (500 per category)', () => {
    const names = Array.from({ length: 500 }, (_, index) => demoNickname(index));
    expect(new Set(names).size).toBe(500);
    expect(names.every((name) => name.startsWith('演示·'))).toBe(true);
  });
});
