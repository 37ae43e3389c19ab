/**
 * What the clients know about every write they attempted. After a restart the checks compare it
 * with the database: acknowledged writes must be there, refused and undelivered ones must not,
 * and an in-flight one (its answer lost to the kill) may go either way. Once the database has
 * shown which way it went, it is resolved and held to that from then on.
 */
import type { Outcome } from './http.js';

export type WriteState =
  'acked' | 'refused' | 'undelivered' | 'inflight' | 'inflight-committed' | 'inflight-absent';

interface WriteBase {
  state: WriteState;
  round: number;
}

export interface VoteWrite extends WriteBase {
  pairId: string;
  winnerId: number;
  loserId: number;
  /** From the acknowledgement. */
  fuelEarned: number | null;
}

export interface UploadWrite extends WriteBase {
  userId: number;
  photoId: number | null;
}

export interface BoostWrite extends WriteBase {
  userId: number;
  photoId: number;
  exposures: number;
}

export interface DeleteWrite extends WriteBase {
  userId: number;
  photoId: number;
}

export interface LoginWrite extends WriteBase {
  hostUserId: string;
  userId: number | null;
}

export type WriteKind = 'vote' | 'upload' | 'boost' | 'delete' | 'login';

/** Whether the database must hold the write (true), must not (false), or may (null). */
export function mustExist(state: WriteState): boolean | null {
  if (state === 'acked' || state === 'inflight-committed') return true;
  if (state === 'inflight') return null;
  return false;
}

export class Journal {
  readonly votes: VoteWrite[] = [];
  readonly uploads: UploadWrite[] = [];
  readonly boosts: BoostWrite[] = [];
  readonly deletes: DeleteWrite[] = [];
  readonly logins: LoginWrite[] = [];
  /** Refusal codes per call, for the report. */
  readonly refusals = new Map<string, number>();
  /** 5xx-class answers other than 503xx (load shedding, ADR 0016): never expected. */
  readonly serverErrors: { call: string; code: number; round: number }[] = [];
  round = 0;

  private stateOf<T>(call: string, outcome: Outcome<T>): WriteState {
    if (outcome.kind === 'refused') {
      const key = `${call}:${outcome.code}`;
      this.refusals.set(key, (this.refusals.get(key) ?? 0) + 1);
      const shed = outcome.code >= 50_300 && outcome.code < 50_400;
      if (outcome.code >= 50_000 && !shed)
        this.serverErrors.push({ call, code: outcome.code, round: this.round });
    }
    return outcome.kind;
  }

  /** A read: nothing to check in the database, but its refusals are reported. */
  read(call: string, outcome: Outcome<unknown>) {
    this.stateOf(call, outcome);
  }

  vote(
    pairId: string,
    winnerId: number,
    loserId: number,
    outcome: Outcome<{ fuel_earned: number }>,
  ) {
    this.votes.push({
      pairId,
      winnerId,
      loserId,
      fuelEarned: outcome.kind === 'acked' ? outcome.data.fuel_earned : null,
      state: this.stateOf('vote', outcome),
      round: this.round,
    });
  }

  upload(userId: number, outcome: Outcome<{ photo: { id: number } }>) {
    this.uploads.push({
      userId,
      photoId: outcome.kind === 'acked' ? outcome.data.photo.id : null,
      state: this.stateOf('upload', outcome),
      round: this.round,
    });
  }

  boost(userId: number, photoId: number, exposures: number, outcome: Outcome<unknown>) {
    this.boosts.push({
      userId,
      photoId,
      exposures,
      state: this.stateOf('boost', outcome),
      round: this.round,
    });
  }

  delete(userId: number, photoId: number, outcome: Outcome<unknown>) {
    this.deletes.push({
      userId,
      photoId,
      state: this.stateOf('delete', outcome),
      round: this.round,
    });
  }

  login(hostUserId: string, outcome: Outcome<{ userInfo: { id: number } }>) {
    this.logins.push({
      hostUserId,
      userId: outcome.kind === 'acked' ? outcome.data.userInfo.id : null,
      state: this.stateOf('login', outcome),
      round: this.round,
    });
  }

  /** Writes of one round by kind and state, for the table. */
  roundCounts(round: number): Record<WriteKind, Record<WriteState, number>> {
    const count = (writes: readonly WriteBase[]) => {
      const counts: Record<WriteState, number> = {
        acked: 0,
        refused: 0,
        undelivered: 0,
        inflight: 0,
        'inflight-committed': 0,
        'inflight-absent': 0,
      };
      for (const write of writes) if (write.round === round) counts[write.state] += 1;
      return counts;
    };
    return {
      vote: count(this.votes),
      upload: count(this.uploads),
      boost: count(this.boosts),
      delete: count(this.deletes),
      login: count(this.logins),
    };
  }
}
