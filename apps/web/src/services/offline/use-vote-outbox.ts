import type { SubmitRatingResponse } from '@yanzhi/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { firstScreenSettled } from '../../lib/after-first-screen';
import { t } from '../../lib/i18n';
import { isOnline } from '../../lib/online-status';
import { voteStatsQueryOptions } from '../../lib/api/get-user-vote-stats';
import { applyVoteToStats } from '../../lib/vote-stats';
import { toast } from '../toasts';
import { LazyOutbox, type Outbox } from './lazy-outbox';
import type { OutboxSnapshot, SettledVote } from './vote-outbox';

/** One outbox per query client (the app's lifetime; each test renders a fresh one). */
const outboxes = new WeakMap<QueryClient, Outbox>();

function outboxOf(client: QueryClient): Outbox {
  let outbox = outboxes.get(client);
  if (outbox === undefined) {
    // The queue's code is a chunk of its own, not needed for the first paint (ADR 0014).
    outbox = new LazyOutbox(async () => (await import('./outbox-queue')).createVoteOutbox());
    outboxes.set(client, outbox);
  }
  return outbox;
}

export function useVoteOutbox(): Outbox {
  return outboxOf(useQueryClient());
}

export function useOutboxSnapshot(): OutboxSnapshot {
  const outbox = useVoteOutbox();
  return useSyncExternalStore(outbox.subscribe, outbox.snapshot);
}

/** Votes sent from the queue are summed up in one toast once they stop arriving. */
const SUMMARY_QUIET_MS = 400;

/** The server's answer to a vote, wherever it was sent from, written into the statistics. */
function reconcile(client: QueryClient, settled: SettledVote): SubmitRatingResponse | null {
  if (settled.outcome.kind !== 'sent') return null;
  const result = settled.outcome.result;
  const userId = settled.vote.request.user_id ?? null;
  client.setQueryData(voteStatsQueryOptions(Number(userId) || null).queryKey, (stats) =>
    stats === undefined ? stats : applyVoteToStats(stats, result),
  );
  return result;
}

/**
 * Keeps the outbox going for as long as the app runs: sends what a previous visit left on start,
 * again whenever the connection comes back, reconciles statistics with every answer and tells
 * the voter what became of votes that were sent later (`onSent` sets the user's fuel).
 */
export function useVoteOutboxSync(onSent: (result: SubmitRatingResponse) => void): void {
  const client = useQueryClient();
  useEffect(() => {
    const outbox = outboxOf(client);
    let sent = 0;
    let summary: ReturnType<typeof setTimeout> | undefined;
    const offSettle = outbox.onSettle((settled) => {
      const result = reconcile(client, settled);
      if (result !== null) onSent(result);
      if (!settled.deferred) return;
      if (settled.outcome.kind === 'refused') {
        toast.warning(t('offline.voteRefused', { reason: settled.outcome.error.message }));
        return;
      }
      sent += 1;
      clearTimeout(summary);
      summary = setTimeout(() => {
        toast.success(t('offline.votesSent', { count: sent }));
        sent = 0;
      }, SUMMARY_QUIET_MS);
    });
    const onOnline = () => {
      void outbox.resume();
    };
    window.addEventListener('online', onOnline);
    // Votes a previous visit left are sent once the first screen is in (a vote before that
    // fetches the queue itself); offline there is no first screen to wait for, and the queue
    // says at once what it holds (ADR 0015).
    let live = true;
    void (isOnline() ? firstScreenSettled() : Promise.resolve()).then(() => {
      if (live) onOnline();
    });
    return () => {
      live = false;
      window.removeEventListener('online', onOnline);
      offSettle();
      clearTimeout(summary);
      outbox.stop();
    };
  }, [client, onSent]);
}
