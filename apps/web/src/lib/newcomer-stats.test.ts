import {
  CLIENT_STORAGE_KEYS,
  NEWCOMER_STATS_ELEMENT_ID,
  type PageAnswer,
  type VoteStats,
} from '@yanzhi/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { voteStats } from '../testing/arena-fixtures';
import { clearFromPage, clearPageAnswer, writeIntoPage, writePageAnswer } from '../testing/in-page';

const NEWCOMER: VoteStats = { ...voteStats(), total_votes: 0, today_votes: 0, fuel: 50 };

/** A fresh start of the app: its modules (and so what this start made) loaded anew. */
async function start() {
  vi.resetModules();
  const identity = await import('./identity');
  const stats = await import('./api/get-user-vote-stats');
  return { identity, stats, client: new QueryClient() };
}

/** A fresh start that makes or reads its device id and seeds what the page carries. */
async function startAndSeed() {
  const started = await start();
  started.identity.ensureDeviceIdentity();
  started.stats.seedVisitorStats(started.client);
  return started;
}

describe('a first visit’s statistics (seedVisitorStats)', () => {
  beforeEach(() => {
    writeIntoPage(NEWCOMER_STATS_ELEMENT_ID, NEWCOMER);
  });
  afterEach(() => {
    clearFromPage(NEWCOMER_STATS_ELEMENT_ID);
    localStorage.clear();
  });

  it('a start that makes its device id holds the newcomer’s statistics the page carries', async () => {
    const { identity, stats, client } = await start();
    identity.ensureDeviceIdentity();
    expect(identity.deviceIdIsNew()).toBe(true);
    stats.seedVisitorStats(client);
    expect(client.getQueryData(stats.voteStatsQueryOptions(null).queryKey)).toEqual(NEWCOMER);
  });

  it('a device id kept from an earlier visit, or given by the address, is asked about', async () => {
    localStorage.setItem(CLIENT_STORAGE_KEYS.deviceId, 'web-from-yesterday');
    const kept = await startAndSeed();
    expect(kept.client.getQueryData(kept.stats.voteStatsQueryOptions(null).queryKey)).toBe(
      undefined,
    );

    localStorage.clear();
    const given = await start();
    given.identity.ensureDeviceIdentity();
    given.identity.setDeviceId('web-from-the-host');
    given.stats.seedVisitorStats(given.client);
    expect(given.identity.deviceIdIsNew()).toBe(false);
    expect(given.client.getQueryData(given.stats.voteStatsQueryOptions(null).queryKey)).toBe(
      undefined,
    );
  });

  it('a session, or a page without the statistics, is asked about', async () => {
    localStorage.setItem(CLIENT_STORAGE_KEYS.token, 'tok');
    const signedIn = await startAndSeed();
    expect(signedIn.client.getQueryCache().getAll()).toHaveLength(0);

    localStorage.clear();
    clearFromPage(NEWCOMER_STATS_ELEMENT_ID);
    writeIntoPage(NEWCOMER_STATS_ELEMENT_ID, '{not json');
    const unreadable = await startAndSeed();
    expect(unreadable.client.getQueryCache().getAll()).toHaveLength(0);
  });
});

describe('a known device’s statistics in its profile page (seedVisitorStats)', () => {
  const KEPT = 'web-from-yesterday';
  const OWN: VoteStats = { ...voteStats(), total_votes: 31, fuel: 77 };
  const answerFor = (anonymousId: string): PageAnswer => ({
    call: 'get_user_vote_stats',
    input: { user_id: null, anonymous_id: anonymousId },
    data: OWN,
  });
  afterEach(() => {
    clearPageAnswer();
    localStorage.clear();
  });

  it('holds the statistics the page carries for this app’s own device id, once', async () => {
    localStorage.setItem(CLIENT_STORAGE_KEYS.deviceId, KEPT);
    writePageAnswer(answerFor(KEPT));
    const { stats, client } = await startAndSeed();
    expect(client.getQueryData(stats.voteStatsQueryOptions(null).queryKey)).toEqual(OWN);
    // Taken: a later start of the same page asks the server.
    const later = await startAndSeed();
    expect(later.client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('asks when the page names another device id, or this browser has a session', async () => {
    localStorage.setItem(CLIENT_STORAGE_KEYS.deviceId, KEPT);
    writePageAnswer(answerFor('web-someone-else'));
    const other = await startAndSeed();
    expect(other.client.getQueryCache().getAll()).toHaveLength(0);

    writePageAnswer(answerFor(KEPT));
    localStorage.setItem(CLIENT_STORAGE_KEYS.token, 'tok');
    const signedIn = await startAndSeed();
    expect(signedIn.client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('leaves another call’s answer to that call', async () => {
    localStorage.setItem(CLIENT_STORAGE_KEYS.deviceId, KEPT);
    const photo: PageAnswer = { call: 'get_photo', input: { photo_id: 7 }, data: { id: 7 } };
    writePageAnswer(photo);
    const { client } = await startAndSeed();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    const { takePageAnswer } = await import('./page-answer');
    expect(takePageAnswer('get_photo', { photo_id: 7 })).toEqual({ id: 7 });
  });
});
