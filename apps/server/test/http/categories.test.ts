import { categorySchema } from '@yanzhi/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { dialects } from '../support/database.js';

describe.each(dialects)('get_categories on %s', (dialect) => {
  let app: TestApp | undefined;
  afterEach(() => app?.close());

  async function names(target: TestApp) {
    const result = await target.call('get_categories');
    expect(result.code).toBe(0);
    return categorySchema
      .array()
      .parse(result.data)
      .map((category) => category.name);
  }

  it('seeds 女生 / 男生 / 明星 / AI into a new database, in order, with photo counts', async () => {
    app = await createTestApp(dialect);
    const result = await app.call('get_categories');
    const categories = categorySchema.array().parse(result.data);
    expect(categories.map((category) => [category.slug, category.name, category.name_en])).toEqual([
      ['female', '女生', 'Women'],
      ['male', '男生', 'Men'],
      ['celebrity', '明星', 'Celebrities'],
      ['ai', 'AI', 'AI'],
    ]);
    expect(categories.every((category) => category.photo_count === 0)).toBe(true);
  });

  it('follows the CATEGORIES configuration, hiding the ones it leaves out', async () => {
    app = await createTestApp(dialect, { CATEGORIES: 'pets:萌宠:Pets,female:小姐姐:Women' });
    expect(await names(app)).toEqual(['萌宠', '小姐姐']);
  });

  it('keeps what the admin made when no configuration is given', async () => {
    app = await createTestApp(dialect);
    await app.services.categories.save({ slug: 'pets', name: '萌宠', name_en: 'Pets' });
    await app.services.categories.setActive('male', false);
    await app.services.categories.applyConfiguration(undefined);
    expect(await names(app)).toEqual(['女生', '明星', 'AI', '萌宠']);
    await app.services.categories.setActive('male', true);
    expect(await names(app)).toContain('男生');
  });
});
