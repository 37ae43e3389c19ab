import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('configuration from the environment', () => {
  it('has embedded defaults: port 8080 on all interfaces, SQLite in ./data, Asia/Shanghai', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('data', 'yanzhi.db') });
    expect(config.mediaDir).toBe(path.resolve('data', 'media'));
    expect(config.leaderboardTimeZone).toBe('Asia/Shanghai');
    expect(config.seedDemo).toBeUndefined();
    expect(config.hostTokenSecret).toBeUndefined();
    expect(config.rateLimits).toEqual({
      apiPerMinute: 1200,
      loginPerMinute: 20,
      refreshPerMinute: 30,
      pairsPerMinute: 120,
      votesPerMinuteDevice: 60,
      votesPerMinuteUser: 60,
      votesPerMinuteIp: 300,
      uploadsPerHourUser: 20,
      uploadsPerHourIp: 60,
      reportsPerHour: 20,
      shareCardsPerHourUser: 30,
      newIdsPerHourIp: 400,
      recoveryPerHourIp: 10,
    });
    expect(config.passkeyRpName).toBe('颜值竞技场');
    expect(config.publicHosts).toEqual([]);
    expect(config.arena).toMatchObject({
      refitSeconds: 180,
      pairTtlMs: 600_000,
      minDwellMs: 400,
      goldShare: 0.05,
    });
  });

  it('reads PUBLIC_HOSTS as URL hosts: lower case, ports kept, blanks skipped', () => {
    const config = loadConfig({ PUBLIC_HOSTS: ' Arena.Example, 192.168.1.5:8080,,[::1]:8080 ' });
    expect(config.publicHosts).toEqual(['arena.example', '192.168.1.5:8080', '[::1]:8080']);
  });

  it('switches to PostgreSQL for a postgres:// DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/yanzhi' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/yanzhi' });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['SEED_DEMO', 'maybe'],
    ['TZ_LEADERBOARD', 'Mars/Olympus'],
    ['HOST_TOKEN_SECRET', 'short'],
    ['RATE_LIMIT_LOGIN_PER_MINUTE', '-1'],
    ['FRAME_ANCESTORS', "'self'; script-src *"],
    ['ARENA_GOLD_SHARE', '1.5'],
    ['ARENA_MIN_DWELL_MS', 'fast'],
    ['PUBLIC_HOSTS', 'https://arena.example'],
    ['PUBLIC_HOSTS', 'arena.example/app'],
    ['PUBLIC_HOSTS', 'a b.example'],
    ['RATE_LIMIT_SHARE_CARDS_PER_HOUR', '0'],
  ])('names the bad variable %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`^Invalid configuration: ${name} `),
    );
  });

  it('reads SEED_DEMO=0 as off and 1 as on, and rate limits as numbers', () => {
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ RATE_LIMIT_API_PER_MINUTE: '100000' }).rateLimits.apiPerMinute).toBe(
      100000,
    );
  });

  it('parses CATEGORIES as slug:中文名:English entries and names a bad one', () => {
    expect(loadConfig({ CATEGORIES: 'female:女生:Women, pets:萌宠:Pets' }).categories).toEqual([
      { slug: 'female', name: '女生', name_en: 'Women' },
      { slug: 'pets', name: '萌宠', name_en: 'Pets' },
    ]);
    expect(() => loadConfig({ CATEGORIES: 'Bad Slug:x:y' })).toThrow(
      /CATEGORIES entry "Bad Slug:x:y"/,
    );
  });

  it('ignores empty variables as if unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(8080);
  });
});
