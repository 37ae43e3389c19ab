import { act, screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { mockApi } from './mock-api';

/** What the leaderboard page's tests share: a fixed clock, an observer they drive, queries. */

/** An IntersectionObserver the test decides for: `intersectAll` says every target is in view. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
  }
  takeRecords() {
    return [];
  }
}

export function intersectAll() {
  act(() => {
    for (const observer of FakeIntersectionObserver.instances) {
      const entries = [...observer.targets].map(
        (target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry,
      );
      if (entries.length > 0) {
        observer['callback'](entries, observer as unknown as IntersectionObserver);
      }
    }
  });
}

export const boardCalls = (api: ReturnType<typeof mockApi>) =>
  api.callsTo('get_leaderboard').map((call) => call.body as Record<string, unknown>);

export const rows = () => screen.queryAllByTestId('leaderboard-row');

/** Mid-morning of 2026-07-08 in Shanghai (the boards' time zone), and the fake observer. */
export function startLeaderboardTest(): void {
  vi.useFakeTimers({ now: new Date('2026-07-08T02:00:00.000Z'), toFake: ['Date'] });
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
}
