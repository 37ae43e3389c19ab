import type { SubmitRatingResponse } from '@yanzhi/contract';
import { describe, expect, it, vi } from 'vitest';
import { LazyOutbox } from './lazy-outbox';
import { VoteOutbox, type OutboxStorage, type QueuedVote, type VoteRequest } from './vote-outbox';

function memoryStorage(): OutboxStorage {
  let votes: QueuedVote[] = [];
  return {
    load: () => votes,
    save: (next) => {
      votes = [...next];
    },
  };
}

const request: VoteRequest = {
  winner_photo_id: 2,
  loser_photo_id: 3,
  anonymous_id: 'web-a',
  pair_id: 'p1',
};

describe('LazyOutbox', () => {
  it('reads as empty until the queue is here, then follows it', async () => {
    let online = false;
    const outbox = new VoteOutbox({
      send: () => Promise.reject(new Error('offline')),
      storage: memoryStorage(),
      isOnline: () => online,
    });
    const lazy = new LazyOutbox(() => Promise.resolve(outbox));
    const listener = vi.fn();
    lazy.subscribe(listener);
    expect(lazy.snapshot()).toEqual({ pending: 0, retryAt: null });

    await expect(lazy.submit(request)).resolves.toEqual({ kind: 'queued' });
    expect(lazy.snapshot().pending).toBe(1);
    expect(listener).toHaveBeenCalled();
    lazy.stop();
    online = true;
  });

  it('passes the answers on and fetches again after a failed fetch', async () => {
    const result = { fuel: 3 } as SubmitRatingResponse;
    const outbox = new VoteOutbox({
      send: () => Promise.resolve(result),
      storage: memoryStorage(),
      isOnline: () => true,
    });
    const create = vi
      .fn<() => Promise<VoteOutbox>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(outbox);
    const lazy = new LazyOutbox(create);
    const settled = vi.fn();
    lazy.onSettle(settled);

    await expect(lazy.resume()).rejects.toThrow('Failed to fetch');
    await expect(lazy.submit(request)).resolves.toEqual({ kind: 'sent', result });
    expect(create).toHaveBeenCalledTimes(2);
    expect(settled).toHaveBeenCalledWith(expect.objectContaining({ deferred: false }));
  });

  it('keeps a queue that arrives after stop() stopped', async () => {
    const outbox = new VoteOutbox({
      send: () => Promise.reject(new Error('not expected')),
      storage: memoryStorage(),
      isOnline: () => true,
    });
    const stop = vi.spyOn(outbox, 'stop');
    const lazy = new LazyOutbox(() => Promise.resolve(outbox));
    const resumed = lazy.resume();
    lazy.stop();
    await resumed;
    expect(stop).toHaveBeenCalled();
  });
});
