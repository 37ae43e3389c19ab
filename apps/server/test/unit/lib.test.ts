import { describe, expect, it } from 'vitest';
import { pickLanguage } from '../../src/lib/language.js';
import { MemoryRateLimiter } from '../../src/lib/rate-limiter.js';
import { redactUrl } from '../../src/lib/redact.js';

describe('message language', () => {
  it.each([
    [undefined, 'zh'],
    ['', 'zh'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh'],
    ['en-US,en;q=0.9', 'en'],
    ['zh;q=0.5, en;q=0.8', 'en'],
    ['fr-FR', 'zh'],
    ['en;q=0', 'zh'],
  ] as const)('%j → %s', (header, expected) => {
    expect(pickLanguage(header)).toBe(expected);
  });
});

describe('URL redaction for logs', () => {
  it('hides every credential parameter and keeps the rest', () => {
    const url = redactUrl('/?access-token=SECRET1&version=6.70.0&tokenId=SECRET2&device-id=D');
    expect(url).not.toContain('SECRET');
    expect(url).toContain('version=6.70.0');
    expect(url).toContain('device-id=D');
    expect(redactUrl('/api/get_categories')).toBe('/api/get_categories');
  });
});

describe('fixed-window rate limiter', () => {
  it('allows the limit per window, then refuses until the window ends', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter(() => now);
    const hits = [];
    for (let index = 0; index < 3; index += 1) hits.push(await limiter.hit('k', 2, 1000));
    expect(hits).toEqual([true, true, false]);
    expect(await limiter.hit('other', 2, 1000)).toBe(true);
    now = 1000;
    expect(await limiter.hit('k', 2, 1000)).toBe(true);
  });

  it('adds to and reads a count per window', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter(() => now);
    expect(await limiter.add('served', 0, 1000)).toBe(0);
    expect(await limiter.add('served', 1, 1000)).toBe(1);
    expect(await limiter.add('served', 2, 1000)).toBe(3);
    expect(await limiter.add('served', 0, 1000)).toBe(3);
    now = 1000;
    expect(await limiter.add('served', 0, 1000)).toBe(0);
  });

  it('stays bounded in memory under many keys', async () => {
    const now = 0;
    const limiter = new MemoryRateLimiter(() => now, 10);
    for (let index = 0; index < 100; index += 1) await limiter.hit(`ip-${index}`, 5, 1000);
    expect(await limiter.hit('ip-99', 1, 1000)).toBe(false);
    expect(await limiter.hit('fresh', 1, 1000)).toBe(true);
  });
});
