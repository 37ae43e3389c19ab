import type { Pair } from '@yanzhi/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { PairQueue, REDECODE_WAIT_MS, type PairSource } from './pair-queue';

const WOMEN: PairSource = { categoryId: 1, userId: null };
const MEN: PairSource = { categoryId: 2, userId: null };
const NOW = Date.parse('2026-01-01T00:00:00.000Z');
const LATER = '2026-01-01T00:10:00.000Z';

function makePair(n: number, photos: [number, number] = [2 * n - 1, 2 * n], expiresAt = LATER) {
  const card = (id: number) => ({
    id,
    image: {
      url: `/media/${id}.webp`,
      medium_url: null,
      thumb_url: '',
      width: 600,
      height: 800,
      placeholder: '',
    },
    is_boosted: false,
  });
  return {
    pair_id: `p${n}`,
    category_id: 1,
    photos: [card(photos[0]), card(photos[1])],
    expires_at: expiresAt,
  } satisfies Pair;
}

/** A fake server that answers with the given pairs in order, then "no pair available". */
function serverOf(pairs: Pair[]) {
  const queue = [...pairs];
  return vi.fn((_source: PairSource) => {
    const next = queue.shift();
    return next === undefined
      ? Promise.reject(new ApiError(40405, '没有可以比较的照片了'))
      : Promise.resolve(next);
  });
}

function queueWith(
  fetchPair: ReturnType<typeof serverOf>,
  preload: (pair: Pair, urgent?: boolean) => Promise<void> = vi.fn(() => Promise.resolve()),
) {
  const queue = new PairQueue({ fetchPair, preload, size: 3, now: () => NOW });
  return { queue, preload };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('pair queue', () => {
  it('shows the first pair and prefetches three more, one request at a time', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const pairs = [1, 2, 3, 4, 5, 6].map((n) => makePair(n));
    const fetchPair = vi.fn(async () => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await settle();
      inFlight -= 1;
      return pairs.shift() ?? makePair(99);
    });
    const { queue, preload } = queueWith(fetchPair);
    expect(queue.snapshot(WOMEN).status).toBe('loading');
    queue.open(WOMEN);
    await vi.waitFor(() => {
      expect(queue.snapshot(WOMEN).queued).toBe(3);
    });
    expect(queue.snapshot(WOMEN)).toMatchObject({ status: 'ready', current: { pair_id: 'p1' } });
    expect(fetchPair).toHaveBeenCalledTimes(4);
    expect(maxInFlight).toBe(1);
    // Every pair's images are decoded, the queued ones before they count as ready.
    expect(preload).toHaveBeenCalledTimes(4);
  });

  it('moves the next pair in on consume, refills, and never shows a pair twice', async () => {
    const server = serverOf([
      makePair(1),
      makePair(2),
      makePair(3),
      makePair(4),
      makePair(2), // the same pair id again
      makePair(5),
      makePair(6),
    ]);
    const { queue } = queueWith(server);
    queue.open(WOMEN);
    await vi.waitFor(() => {
      expect(queue.snapshot(WOMEN).queued).toBe(3);
    });
    const shown: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const current = queue.snapshot(WOMEN).current;
      if (current === null) break;
      shown.push(current.pair_id);
      queue.consume(WOMEN, current.pair_id);
      await settle();
    }
    expect(shown).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    expect(server.mock.calls.length).toBeGreaterThanOrEqual(7);
  });

  it('drops a pair with the same two photos as one already waiting', async () => {
    const server = serverOf([makePair(1, [1, 2]), makePair(2, [2, 1]), makePair(3, [3, 4])]);
    const { queue } = queueWith(server);
    queue.open(WOMEN);
    await vi.waitFor(() => {
      expect(queue.snapshot(WOMEN).status).toBe('ready');
    });
    await settle();
    queue.consume(WOMEN, 'p1');
    expect(queue.snapshot(WOMEN).current?.pair_id).toBe('p3');
  });

  it('ignores a consume of a pair that is not on screen', async () => {
    const { queue } = queueWith(serverOf([makePair(1), makePair(2)]));
    queue.open(WOMEN);
    await vi.waitFor(() => {
      expect(queue.snapshot(WOMEN).queued).toBe(1);
    });
    queue.consume(WOMEN, 'p2');
    expect(queue.snapshot(WOMEN).current?.pair_id).toBe('p1');
  });

  it('serves what it has after the server runs out, then reports empty', async () => {
    const { queue } = queueWith(serverOf([makePair(1), makePair(2)]));
    queue.open(WOMEN);
    await vi.waitFor(() => {
      expect(queue.snapshot(WOMEN).queued).toBe(1);
    });
    queue.consume(WOMEN, 'p1');
    expect(queue.snapshot(WOMEN)).toMatchObject({ status: 'ready', current: { pair_id: 'p2' } });
    queue.consume(WOMEN, 'p2');
    expect(queue.snapshot(WOMEN)).toMatchObject({ status: 'empty', current: null });
  });

  it('reports an error when it has nothing to show, and recovers on retry', async () => {
    let fail = true;
    const fetchPair = vi.fn(() =>
      fail ? Promise.reject(new ApiError(50000, '服务器开小差了')) : Promise.resolve(makePair(1)),
    );
    const { queue } = queueWith(fetchPair);
    queue.open(WOMEN);
    await vi.waitFor(() => {
      expect(queue.snapshot(WOMEN).status).toBe('error');
    });
    expect(queue.snapshot(WOMEN).error).toBeInstanceOf(ApiError);
    fail = false;
    queue.retry(WOMEN);
    await vi.waitFor(() => {
      expect(queue.snapshot(WOMEN).current?.pair_id).toBe('p1');
    });
  });

  it('keeps showing pairs when a background refill fails, and tries again on the next one', async () => {
    const pairs = [makePair(1), makePair(2)];
    let calls = 0;
    const fetchPair = vi.fn(() => {
      calls += 1;
      if (calls === 3) return Promise.reject(new Error('offline'));
      const next = pairs.shift();
      return next ? Promise.resolve(next) : Promise.resolve(makePair(10 + calls));
    });
    const { queue } = queueWith(fetchPair);
    queue.open(WOMEN);
    await vi.waitFor(() => {
      expect(fetchPair).toHaveBeenCalledTimes(3);
    });
    await settle();
    expect(queue.snapshot(WOMEN)).toMatchObject({ status: 'ready', queued: 1 });
    queue.consume(WOMEN, 'p1');
    await vi.waitFor(() => {
      expect(queue.snapshot(WOMEN).queued).toBe(3);
    });
  });

  it('never shows a pair that is about to expire', async () => {
    const soon = '2026-01-01T00:00:05.000Z';
    const { queue } = queueWith(serverOf([makePair(1), makePair(2, [3, 4], soon), makePair(3)]));
    queue.open(WOMEN);
    await vi.waitFor(() => {
      expect(queue.snapshot(WOMEN).queued).toBe(2);
    });
    queue.consume(WOMEN, 'p1');
    expect(queue.snapshot(WOMEN).current?.pair_id).toBe('p3');
  });

  it('does not count a pair as waiting before its images are decoded', async () => {
    const decodes: (() => void)[] = [];
    const preload = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          decodes.push(resolve);
        }),
    );
    const { queue } = queueWith(serverOf([makePair(1), makePair(2)]), preload);
    queue.open(WOMEN);
    await vi.waitFor(() => {
      expect(preload).toHaveBeenCalledTimes(1);
    });
    decodes.shift()?.();
    await vi.waitFor(() => {
      expect(preload).toHaveBeenCalledTimes(2);
    });
    expect(queue.snapshot(WOMEN)).toMatchObject({ current: { pair_id: 'p1' }, queued: 0 });
    decodes.shift()?.();
    await vi.waitFor(() => {
      expect(queue.snapshot(WOMEN).queued).toBe(1);
    });
  });

  it('shows the first pair at once and asks for more only once its photos are in', async () => {
    let decodeFirst: () => void = () => undefined;
    const preload = vi.fn((_pair: Pair, urgent?: boolean) =>
      urgent === true
        ? new Promise<void>((resolve) => {
            decodeFirst = resolve;
          })
        : Promise.resolve(),
    );
    const fetchPair = serverOf([makePair(1), makePair(2), makePair(3)]);
    const { queue } = queueWith(fetchPair, preload);
    queue.open(WOMEN);
    await vi.waitFor(() => {
      expect(queue.snapshot(WOMEN).current?.pair_id).toBe('p1');
    });
    await settle();
    // Its photos are fetched first and alone: no request for the next pairs meanwhile.
    expect(preload.mock.calls).toEqual([[expect.objectContaining({ pair_id: 'p1' }), true]]);
    expect(fetchPair).toHaveBeenCalledTimes(1);
    decodeFirst();
    await vi.waitFor(() => {
      expect(queue.snapshot(WOMEN).queued).toBe(2);
    });
    expect(fetchPair).toHaveBeenCalledTimes(4);
  });

  it('keeps a separate line per category and notifies subscribers', async () => {
    const fetchPair = vi.fn((source: PairSource) =>
      Promise.resolve(makePair(source.categoryId * 100 + fetchPair.mock.calls.length)),
    );
    const { queue } = queueWith(fetchPair);
    const listener = vi.fn();
    queue.subscribe(listener);
    queue.open(WOMEN);
    queue.open(MEN);
    await vi.waitFor(() => {
      expect(queue.snapshot(MEN).queued).toBe(3);
      expect(queue.snapshot(WOMEN).queued).toBe(3);
    });
    expect(queue.snapshot(WOMEN).current?.pair_id).not.toBe(queue.snapshot(MEN).current?.pair_id);
    expect(fetchPair.mock.calls.filter(([source]) => source.categoryId === 2)).toHaveLength(4);
    expect(listener).toHaveBeenCalled();
  });

  describe('after a service worker takes control (redecode)', () => {
    /** A preload whose decodes finish only when told to. */
    function manualPreload() {
      const waiting: (() => void)[] = [];
      let automatic = true;
      const preload = vi.fn(() =>
        automatic
          ? Promise.resolve()
          : new Promise<void>((resolve) => {
              waiting.push(resolve);
            }),
      );
      return {
        preload,
        hold: () => {
          automatic = false;
        },
        release: () => {
          for (const resolve of waiting.splice(0)) resolve();
        },
      };
    }

    it('keeps the done pair until the next one is decoded again', async () => {
      const images = manualPreload();
      const { queue } = queueWith(
        serverOf([makePair(1), makePair(2), makePair(3)]),
        images.preload,
      );
      queue.open(WOMEN);
      await vi.waitFor(() => {
        expect(queue.snapshot(WOMEN).queued).toBe(2);
      });
      images.hold();
      queue.redecode();
      expect(images.preload).toHaveBeenCalledTimes(3 + 2);
      queue.consume(WOMEN, 'p1');
      expect(queue.snapshot(WOMEN).current?.pair_id).toBe('p1');
      images.release();
      await vi.waitFor(() => {
        expect(queue.snapshot(WOMEN).current?.pair_id).toBe('p2');
      });
    });

    it('stops waiting after a while', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout'] });
      const images = manualPreload();
      const { queue } = queueWith(serverOf([makePair(1), makePair(2)]), images.preload);
      queue.open(WOMEN);
      await vi.waitFor(() => {
        expect(queue.snapshot(WOMEN).queued).toBe(1);
      });
      images.hold();
      queue.redecode();
      queue.consume(WOMEN, 'p1');
      await vi.advanceTimersByTimeAsync(REDECODE_WAIT_MS - 1);
      expect(queue.snapshot(WOMEN).current?.pair_id).toBe('p1');
      await vi.advanceTimersByTimeAsync(1);
      expect(queue.snapshot(WOMEN).current?.pair_id).toBe('p2');
    });

    it('decodes again a pair whose decode had begun before', async () => {
      const images = manualPreload();
      const { queue } = queueWith(serverOf([makePair(1), makePair(2)]), images.preload);
      images.hold();
      queue.open(WOMEN);
      await vi.waitFor(() => {
        expect(images.preload).toHaveBeenCalledTimes(1);
      });
      // The pair on screen is decoded; the next one's decode begins and is held.
      images.release();
      await vi.waitFor(() => {
        expect(images.preload).toHaveBeenCalledTimes(2);
      });
      queue.redecode();
      images.release();
      await vi.waitFor(() => {
        expect(images.preload).toHaveBeenCalledTimes(3);
      });
      expect(queue.snapshot(WOMEN).queued).toBe(0);
      images.release();
      await vi.waitFor(() => {
        expect(queue.snapshot(WOMEN).queued).toBe(1);
      });
    });
  });
});
