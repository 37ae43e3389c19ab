import { CLIENT_STORAGE_KEYS, NEWCOMER_STATS_ELEMENT_ID, type VoteStats } from '@yanzhi/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { voteStats } from '../testing/arena-fixtures';
import { clearFromPage, writeIntoPage } from '../testing/in-page';

const NEWCOMER: VoteStats = { ...voteStats(), total_votes: 0, today_votes: 0, fuel: 50 };

/** A fresh start of the app: its modules (and so what this start made) loaded anew. */
async function start() {
  vi.resetModules();
  const identity = await import('./identity');
  const stats = await import('./api/get-user-vote-stats');
  return { identity, stats, client: new QueryClient() };
}

describe('a first visit’s statistics (seedNewcomerStats)', () => {
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
    stats.seedNewcomerStats(client);
    expect(client.getQueryData(stats.voteStatsQueryOptions(null).queryKey)).toEqual(NEWCOMER);
  });

  it('a device id kept from an earlier visit, or given by the address, is asked about', async () => {
    localStorage.setItem(CLIENT_STORAGE_KEYS.deviceId, 'web-from-yesterday');
    const kept = await start();
    kept.identity.ensureDeviceIdentity();
    kept.stats.seedNewcomerStats(kept.client);
    expect(kept.client.getQueryData(kept.stats.voteStatsQueryOptions(null).queryKey)).toBe(
      undefined,
    );

    localStorage.clear();
    const given = await start();
    given.identity.ensureDeviceIdentity();
    given.identity.setDeviceId('web-from-the-host');
    given.stats.seedNewcomerStats(given.client);
    expect(given.identity.deviceIdIsNew()).toBe(false);
    expect(given.client.getQueryData(given.stats.voteStatsQueryOptions(null).queryKey)).toBe(
      undefined,
    );
  });

  it('a session, or a page without the statistics, is asked about', async () => {
    localStorage.setItem(CLIENT_STORAGE_KEYS.token, 'tok');
    const signedIn = await start();
    signedIn.identity.ensureDeviceIdentity();
    signedIn.stats.seedNewcomerStats(signedIn.client);
    expect(signedIn.client.getQueryCache().getAll()).toHaveLength(0);

    localStorage.clear();
    clearFromPage(NEWCOMER_STATS_ELEMENT_ID);
    writeIntoPage(NEWCOMER_STATS_ELEMENT_ID, '{not json');
    const unreadable = await start();
    unreadable.identity.ensureDeviceIdentity();
    unreadable.stats.seedNewcomerStats(unreadable.client);
    expect(unreadable.client.getQueryCache().getAll()).toHaveLength(0);
  });
});
