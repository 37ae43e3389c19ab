import type { SubmitRatingResponse } from '@yanzhi/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, TransportError } from '../../lib/api-client';
import { OUTBOX_STORAGE_KEY, localOutboxStorage } from './outbox-storage';
import {
  VoteOutbox,
  defaultBackoffMs,
  isRefusal,
  type SettledVote,
  type VoteRequest,
} from './vote-outbox';

/**
 * A fake server with the real one's rule (ADR 0006): a pair counts once, and a repeat of the
 * same vote is answered "already recorded". `lose` lets a request through and loses its answer.
 */
function fakeServer() {
  const counted = new Map<string, number>();
  const received: string[] = [];
  let network: 'up' | 'down' | 'lose' = 'up';
  let refuse: ApiError | null = null;
  const send = vi.fn(async (request: VoteRequest): Promise<SubmitRatingResponse> => {
    await Promise.resolve();
    if (network === 'down') throw new TransportError('network', 'network error');
    const key = request.pair_id ?? '';
    received.push(key);
    if (refuse !== null) throw refuse;
    const before = counted.get(key);
    const already = before !== undefined;
    if (!already) counted.set(key, Number(request.winner_photo_id));
    if (network === 'lose') throw new TransportError('network', 'answer lost');
    return {
      already_recorded: already,
      winner: {
        id: 1,
        current_score: 510,
        previous_score: 500,
        provisional: true,
        placement: null,
      },
      loser: { id: 2, current_score: 490, previous_score: 500, provisional: true, placement: null },
      fuel_earned: already ? 0 : 2,
      fuel: 50 + 2 * counted.size,
      achievements: [],
      onboarding: { votes: counted.size, required: 10, unlocked: false, just_unlocked: false },
    };
  });
  return {
    send,
    counted,
    received,
    setNetwork: (state: typeof network) => {
      network = state;
    },
    refuseWith: (error: ApiError | null) => {
      refuse = error;
    },
  };
}

function vote(n: number): VoteRequest {
  return {
    winner_photo_id: n * 2,
    loser_photo_id: n * 2 + 1,
    anonymous_id: 'web-a',
    pair_id: `p${n}`,
  };
}

let online = true;

function makeOutbox(server: ReturnType<typeof fakeServer>) {
  const outbox = new VoteOutbox({
    send: server.send,
    storage: localOutboxStorage(),
    isOnline: () => online,
  });
  const settled: SettledVote[] = [];
  outbox.onSettle((item) => settled.push(item));
  return { outbox, settled };
}

const storedKeys = () =>
  localOutboxStorage()
    .load()
    .map((item) => item.key);

beforeEach(() => {
  online = true;
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('vote outbox', () => {
  it('sends votes one at a time, oldest first, and forgets each once answered', async () => {
    const server = fakeServer();
    let inFlight = 0;
    let most = 0;
    const send = server.send.getMockImplementation();
    server.send.mockImplementation(async (request) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      try {
        return await (send as (r: VoteRequest) => Promise<SubmitRatingResponse>)(request);
      } finally {
        inFlight -= 1;
      }
    });
    const { outbox } = makeOutbox(server);
    const outcomes = await Promise.all([1, 2, 3].map((n) => outbox.submit(vote(n))));
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['sent', 'sent', 'sent']);
    expect(server.received).toEqual(['p1', 'p2', 'p3']);
    expect(most).toBe(1);
    expect(storedKeys()).toEqual([]);
    expect(outbox.snapshot().pending).toBe(0);
  });

  it('keeps votes made offline across a reload and sends them, in order, when back online', async () => {
    const server = fakeServer();
    online = false;
    const first = makeOutbox(server);
    expect(await first.outbox.submit(vote(1))).toEqual({ kind: 'queued' });
    expect(await first.outbox.submit(vote(2))).toEqual({ kind: 'queued' });
    expect(server.send).not.toHaveBeenCalled();
    expect(first.outbox.snapshot().pending).toBe(2);
    first.outbox.stop();

    // A reload: a new outbox over the same local storage.
    expect(storedKeys()).toEqual(['p1', 'p2']);
    const second = makeOutbox(server);
    expect(second.outbox.snapshot().pending).toBe(2);
    online = true;
    await second.outbox.resume();
    expect(server.received).toEqual(['p1', 'p2']);
    expect(second.settled.map((item) => [item.vote.key, item.outcome.kind, item.deferred])).toEqual(
      [
        ['p1', 'sent', true],
        ['p2', 'sent', true],
      ],
    );
    expect(storedKeys()).toEqual([]);
  });

  it('retries a lost answer with backoff and the same key, and the server counts it once', async () => {
    const server = fakeServer();
    const { outbox, settled } = makeOutbox(server);
    server.setNetwork('lose');
    expect(await outbox.submit(vote(1))).toEqual({ kind: 'queued' });
    // A later vote waits behind it: order is kept.
    expect(await outbox.submit(vote(2))).toEqual({ kind: 'queued' });
    expect(server.received).toEqual(['p1']);
    expect(outbox.snapshot().retryAt).not.toBeNull();

    server.setNetwork('down');
    await vi.advanceTimersByTimeAsync(defaultBackoffMs(1));
    expect(server.send).toHaveBeenCalledTimes(2);
    expect(localOutboxStorage().load()[0]).toMatchObject({ key: 'p1', attempts: 2 });

    server.setNetwork('up');
    await vi.advanceTimersByTimeAsync(defaultBackoffMs(2) - 1);
    expect(server.send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.received).toEqual(['p1', 'p1', 'p2']);
    expect([...server.counted.keys()]).toEqual(['p1', 'p2']);
    const first = settled[0]?.outcome;
    expect(first?.kind === 'sent' && first.result.already_recorded).toBe(true);
    expect(storedKeys()).toEqual([]);
    expect(outbox.snapshot()).toEqual({ pending: 0, retryAt: null });
  });

  it('drops a vote the server refuses, with its reason, and goes on with the next', async () => {
    const server = fakeServer();
    online = false;
    const { outbox, settled } = makeOutbox(server);
    await outbox.submit(vote(1));
    await outbox.submit(vote(2));
    online = true;
    server.send.mockImplementationOnce(() => Promise.reject(new ApiError(40901, '这组照片已过期')));
    await outbox.resume();
    expect(settled.map((item) => item.outcome.kind)).toEqual(['refused', 'sent']);
    const refused = settled[0]?.outcome;
    expect(refused?.kind === 'refused' && refused.error.message).toBe('这组照片已过期');
    expect(server.send).toHaveBeenCalledTimes(2);
    // Nothing left to retry.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.send).toHaveBeenCalledTimes(2);
    expect(storedKeys()).toEqual([]);
  });

  it('answers the waiting voter with the refusal of a vote sent at once', async () => {
    const server = fakeServer();
    server.refuseWith(new ApiError(40902, '这组照片已经投过了'));
    const { outbox, settled } = makeOutbox(server);
    const outcome = await outbox.submit(vote(1));
    expect(outcome.kind).toBe('refused');
    expect(settled[0]?.deferred).toBe(false);
  });

  it('retries server faults and rate limits, but not business refusals', () => {
    expect(isRefusal(new ApiError(40901, 'expired'))).toBe(true);
    expect(isRefusal(new ApiError(40404, 'not served'))).toBe(true);
    expect(isRefusal(new ApiError(40101, 'bad token'))).toBe(true);
    expect(isRefusal(new ApiError(42900, 'slow down'))).toBe(false);
    expect(isRefusal(new ApiError(50000, 'internal'))).toBe(false);
    expect(isRefusal(new ApiError(50300, 'overloaded'))).toBe(false);
    expect(isRefusal(new TransportError('timeout', 'timed out'))).toBe(false);
    expect([1, 2, 3, 4, 5, 6, 7].map(defaultBackoffMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });

  it('keeps a vote through a server fault and sends it on the next attempt', async () => {
    const server = fakeServer();
    server.send.mockImplementationOnce(() => Promise.reject(new ApiError(50300, 'busy')));
    const { outbox, settled } = makeOutbox(server);
    expect(await outbox.submit(vote(1))).toEqual({ kind: 'queued' });
    await vi.advanceTimersByTimeAsync(defaultBackoffMs(1));
    expect(settled.map((item) => [item.vote.key, item.outcome.kind])).toEqual([['p1', 'sent']]);
  });

  it('queues a pair once however often it is submitted', async () => {
    const server = fakeServer();
    online = false;
    const { outbox } = makeOutbox(server);
    await outbox.submit(vote(1));
    await outbox.submit(vote(1));
    expect(storedKeys()).toEqual(['p1']);
  });

  it('stops retrying when stopped, keeping the votes for the next start', async () => {
    const server = fakeServer();
    server.setNetwork('down');
    const { outbox } = makeOutbox(server);
    await outbox.submit(vote(1));
    outbox.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.send).toHaveBeenCalledTimes(1);
    expect(storedKeys()).toEqual(['p1']);
  });

  it('ignores stored entries that are not votes', () => {
    window.localStorage.setItem(
      OUTBOX_STORAGE_KEY,
      JSON.stringify([
        { key: 'p1', request: vote(1), queuedAt: 1, attempts: 0 },
        { key: 'p2', request: { ...vote(2), winner_photo_id: 'x' }, queuedAt: 1, attempts: 0 },
        { key: 'other', request: vote(3), queuedAt: 1, attempts: 0 },
        'junk',
      ]),
    );
    expect(storedKeys()).toEqual(['p1']);
    window.localStorage.setItem(OUTBOX_STORAGE_KEY, '{not json');
    expect(storedKeys()).toEqual([]);
  });
});
