import type { Pair, SubmitRatingResponse } from '@yanzhi/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from '../../lib/error-text';
import { useT } from '../../lib/i18n';
import { useVoteOutbox } from '../../services/offline';
import { toast } from '../../services/toasts';
import { voteRequest, type Choice } from './vote-request';
import type { PairSource } from './pair-queue';
import { showVoteToasts, voteAnnouncement } from './vote-feedback';

/** How long both scores stay on screen before the next pair slides in. */
export const REVEAL_MS = 800;
export const REVEAL_REDUCED_MS = 400;

function revealDuration(): number {
  const reduced =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return reduced ? REVEAL_REDUCED_MS : REVEAL_MS;
}

export interface Reveal {
  pairId: string;
  choice: Choice;
  /** The server's answer; null while it is on its way (the chosen photo already lifts). */
  result: SubmitRatingResponse | null;
  /** The vote could not be sent now: it waits in the offline queue (no scores to show). */
  queued?: boolean;
}

interface UseVoteOptions {
  pair: Pair | null;
  source: PairSource | null;
  userId: number | null;
  consume: (source: PairSource, pairId: string) => void;
}

interface Pending {
  source: PairSource;
  pairId: string;
}

/**
 * Voting on the pair on screen. One vote per pair: the first tap (or key) wins and everything
 * else is ignored until the next pair is shown, which is the whole of the "mutation queue"
 * a single-use pair needs (a tap can only ever mean "this pair, this photo"). Votes go through
 * the offline queue (ADR 0015): one the network cannot take now is kept and sent later, and the
 * arena moves on; statistics and fuel follow every answer there.
 */
export function useVote({ pair, source, userId, consume }: UseVoteOptions) {
  const t = useT();
  const outbox = useVoteOutbox();
  const [reveal, setReveal] = useState<Reveal | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [lastResult, setLastResult] = useState<SubmitRatingResponse | null>(null);
  /** The pair being voted on; a ref so a double tap within one frame is caught too. */
  const busy = useRef<string | null>(null);
  const pending = useRef<Pending | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);
  const consumeRef = useRef(consume);

  useEffect(() => {
    consumeRef.current = consume;
  });

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
      // Leaving during the reveal: the voted pair is spent, never to be shown again.
      if (pending.current !== null) {
        consumeRef.current(pending.current.source, pending.current.pairId);
        pending.current = null;
      }
    };
  }, []);

  const finish = useCallback((done: Pending) => {
    if (pending.current?.pairId === done.pairId) pending.current = null;
    consumeRef.current(done.source, done.pairId);
  }, []);

  const vote = useCallback(
    async (choice: Choice) => {
      if (pair === null || source === null || busy.current === pair.pair_id) return;
      const done: Pending = { source, pairId: pair.pair_id };
      const voter = { hasAccount: userId !== null };
      busy.current = pair.pair_id;
      pending.current = done;
      setReveal({ pairId: pair.pair_id, choice, result: null });
      try {
        const outcome = await outbox.submit(voteRequest(pair, choice, userId));
        if (outcome.kind === 'refused') {
          // The server's final word on this pair (expired, judged, not served): move on.
          toast.warning(outcome.error.message);
          finish(done);
          return;
        }
        if (!mounted.current) {
          if (outcome.kind === 'sent') showVoteToasts(outcome.result, voter);
          finish(done);
          return;
        }
        if (outcome.kind === 'queued') {
          setReveal({ pairId: pair.pair_id, choice, result: null, queued: true });
          setAnnouncement(t('offline.voteQueued'));
          timer.current = setTimeout(() => {
            finish(done);
          }, REVEAL_REDUCED_MS);
          return;
        }
        const { result } = outcome;
        showVoteToasts(result, voter);
        setLastResult(result);
        setReveal({ pairId: pair.pair_id, choice, result });
        setAnnouncement(voteAnnouncement(choice, result));
        timer.current = setTimeout(() => {
          finish(done);
        }, revealDuration());
      } catch (error) {
        // The vote could not even be written down: nothing was sent, the pair can be voted again.
        toast.error(describeError(error, t));
        pending.current = null;
        if (busy.current === done.pairId) busy.current = null;
        if (mounted.current) setReveal(null);
      }
    },
    [pair, source, userId, outbox, finish, t],
  );

  /** Takes the next pair without voting (ignored while a vote is being revealed). */
  const skip = useCallback(() => {
    if (pair === null || source === null || busy.current === pair.pair_id) return;
    busy.current = pair.pair_id;
    consumeRef.current(source, pair.pair_id);
  }, [pair, source]);

  const current = reveal !== null && reveal.pairId === pair?.pair_id ? reveal : null;
  return { reveal: current, vote, skip, announcement, lastResult };
}
