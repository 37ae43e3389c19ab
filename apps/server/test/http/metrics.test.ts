import { ErrorCode } from '@yanzhi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { categoryIds, servePair, vote } from '../support/arena.js';
import { photoJpeg, upload } from '../fixtures/upload-client.js';
import { dialects } from '../support/database.js';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

interface Family {
  type: string;
  help: string;
  samples: Sample[];
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/gy;

/** A strict reader of the text format: every sample belongs to a family declared before it. */
function parseExposition(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  expect(text.endsWith('\n')).toBe(true);
  for (const line of text.slice(0, -1).split('\n')) {
    const help = /^# HELP ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (help?.[1] && help[2]) {
      expect(families.has(help[1]), `duplicate ${help[1]}`).toBe(false);
      families.set(help[1], { type: '', help: help[2], samples: [] });
      continue;
    }
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram)$/.exec(line);
    if (type?.[1] && type[2]) {
      const family = families.get(type[1]);
      expect(family, `TYPE before HELP: ${line}`).toBeDefined();
      if (family) family.type = type[2];
      continue;
    }
    const sample = SAMPLE.exec(line);
    expect(sample, `not a sample: ${line}`).not.toBeNull();
    if (!sample?.[1] || sample[4] === undefined) continue;
    const labels: Record<string, string> = {};
    const rawLabels = sample[3] ?? '';
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < rawLabels.length) {
      const label = LABEL.exec(rawLabels);
      expect(label, `bad labels: ${line}`).not.toBeNull();
      if (!label?.[1] || label[2] === undefined) break;
      labels[label[1]] = label[2];
    }
    const value = sample[4] === '+Inf' ? Infinity : Number(sample[4]);
    expect(Number.isNaN(value), `bad value: ${line}`).toBe(false);
    const name = sample[1];
    const base = name.replace(/_(bucket|sum|count)$/, '');
    const family = families.get(name) ?? families.get(base);
    expect(family?.type, `sample of an undeclared family: ${line}`).toBeTruthy();
    if (family && family.type !== 'histogram') expect(name).toBe([...families.keys()].at(-1));
    family?.samples.push({ name, labels, value });
  }
  for (const [name, family] of families) {
    if (family.type === 'histogram') checkHistogram(name, family);
  }
  return families;
}

/** Buckets rise, end at +Inf, and +Inf equals _count, for every label set. */
function checkHistogram(name: string, family: Family): void {
  const series = new Map<string, Sample[]>();
  for (const sample of family.samples.filter((s) => s.name === `${name}_bucket`)) {
    const { le, ...rest } = sample.labels;
    expect(le).toBeDefined();
    const key = JSON.stringify(rest);
    series.set(key, [...(series.get(key) ?? []), sample]);
  }
  for (const [key, buckets] of series) {
    const values = buckets.map((bucket) => bucket.value);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(buckets.at(-1)?.labels.le).toBe('+Inf');
    const count = family.samples.find(
      (s) => s.name === `${name}_count` && JSON.stringify(s.labels) === key,
    );
    expect(count?.value).toBe(values.at(-1));
  }
}

function value(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number {
  const family = families.get(name.replace(/_(bucket|sum|count)$/, '')) ?? families.get(name);
  const sample = family?.samples.find(
    (s) =>
      s.name === name && Object.entries(labels).every(([key, wanted]) => s.labels[key] === wanted),
  );
  return sample?.value ?? 0;
}

async function scrape(app: TestApp, headers: Record<string, string> = {}) {
  const response = await app.server.inject({ method: 'GET', url: '/metrics', headers });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  return parseExposition(response.body);
}

describe.each(dialects)('GET /metrics on %s', (dialect) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(dialect, { RATE_LIMIT_VOTES_PER_MINUTE_DEVICE: '1000' });
    await app.services.demo.seed(4);
  });
  afterAll(() => app.close());

  it('is valid exposition text with process metrics', async () => {
    const families = await scrape(app);
    expect(value(families, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(value(families, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(value(families, 'process_uptime_seconds')).toBeGreaterThanOrEqual(0);
    expect(families.get('nodejs_eventloop_lag_seconds')?.type).toBe('gauge');
    expect(families.get('yanzhi_http_request_duration_seconds')?.type).toBe('histogram');
  });

  it('counts calls by contract name, status class and envelope code class', async () => {
    const before = await scrape(app);
    await app.call('get_categories');
    await app.call('get_leaderboard', { category_id: 999_999, period_type: 'all' });
    const after = await scrape(app);
    const ok = { call: 'get_categories', status: '2xx', code: '0' };
    expect(value(after, 'yanzhi_http_requests_total', ok)).toBe(
      value(before, 'yanzhi_http_requests_total', ok) + 1,
    );
    expect(
      value(after, 'yanzhi_http_requests_total', {
        call: 'get_leaderboard',
        status: '2xx',
        code: '404xx',
      }),
    ).toBe(1);
    expect(
      value(after, 'yanzhi_http_request_duration_seconds_count', { call: 'get_categories' }),
    ).toBeGreaterThanOrEqual(1);
    // Only route patterns and call names become labels, never raw URLs.
    await app.server.inject({ method: 'POST', url: '/api/no_such_call?x=1' });
    const labels = [...((await scrape(app)).get('yanzhi_http_requests_total')?.samples ?? [])].map(
      (sample) => sample.labels.call,
    );
    expect(labels).toContain('not_found');
    expect(labels.some((label) => label?.includes('?') || label?.includes('no_such'))).toBe(false);
  });

  it('counts accepted and refused votes, uploads, refits and board loads', async () => {
    const [category = 0] = await categoryIds(app);
    const anonymousId = 'web-metrics-voter';
    const pair = await servePair(app, category, anonymousId);
    expect((await vote(app, pair, anonymousId)).code).toBe(0);
    // The same pair judged the other way round is refused.
    expect((await vote(app, pair, anonymousId, { pick: 1 })).code).toBe(
      ErrorCode.PAIR_ALREADY_JUDGED,
    );
    const uploaded = await upload(
      app,
      { bytes: await photoJpeg(7) },
      { category_id: String(category) },
      { headers: { 'device-id': 'web-metrics-uploader' } },
    );
    expect(uploaded.code, uploaded.msg).toBe(0);
    const refused = await upload(app, null, { category_id: String(category) });
    expect(refused.code).toBe(ErrorCode.FILE_MISSING);
    await app.services.refit.refitAll();
    await app.call('get_leaderboard', { category_id: category, period_type: 'all' });

    const families = await scrape(app);
    expect(value(families, 'yanzhi_votes_accepted_total')).toBe(1);
    expect(value(families, 'yanzhi_votes_refused_total', { code: '40902' })).toBe(1);
    expect(value(families, 'yanzhi_uploads_accepted_total')).toBe(1);
    expect(value(families, 'yanzhi_uploads_refused_total', { code: '40006' })).toBe(1);
    const slugs = (await app.services.categories.listAll()).map((row) => row.slug);
    for (const slug of slugs) {
      expect(value(families, 'yanzhi_refit_duration_seconds_count', { category: slug })).toBe(1);
      expect(value(families, 'yanzhi_refit_last_timestamp_seconds', { category: slug })).toBe(
        app.clock.now() / 1000,
      );
    }
    expect(value(families, 'yanzhi_leaderboard_load_duration_seconds_count')).toBeGreaterThan(0);
  });

  it('keeps each app its own counters', async () => {
    const other = await createTestApp(dialect);
    try {
      const families = await scrape(other);
      expect(value(families, 'yanzhi_votes_accepted_total')).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('who may read /metrics', () => {
  it('without METRICS_TOKEN: loopback only, not through a proxy', async () => {
    const app = await createTestApp('sqlite');
    try {
      const get = (remoteAddress: string, headers: Record<string, string> = {}) =>
        app.server.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
      expect((await get('127.0.0.1')).statusCode).toBe(200);
      expect((await get('::1')).statusCode).toBe(200);
      expect((await get('203.0.113.7')).statusCode).toBe(404);
      expect((await get('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('with METRICS_TOKEN: the bearer token, from anywhere', async () => {
    const token = 'metrics-token-0123456789';
    const app = await createTestApp('sqlite', { METRICS_TOKEN: token });
    try {
      const get = (headers: Record<string, string>, remoteAddress = '203.0.113.7') =>
        app.server.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
      const allowed = await get({ authorization: `Bearer ${token}` });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.body).toContain('# TYPE yanzhi_http_requests_total counter');
      const missing = await get({}, '127.0.0.1');
      expect(missing.statusCode).toBe(401);
      expect(missing.headers['www-authenticate']).toMatch(/^Bearer/);
      expect((await get({ authorization: `Bearer ${token}x` })).statusCode).toBe(401);
      expect((await get({ authorization: token })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
