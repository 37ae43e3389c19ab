import { WELCOME_FUEL, fuelEarnedOn, fuelMovedOnMerge, mergedDayFuel } from '../domain/fuel.js';
import type { NewUser, UserRow, VoterRow } from '../db/schema.js';
import type { Repositories } from '../repositories/index.js';
import type { Store } from '../repositories/store.js';
import { anonymousVoterKey, userVoterKey } from '../repositories/voter.repository.js';
import type { FuelEntry, FuelWallet } from '../repositories/fuel.repository.js';

/** The ledger entry of a new wallet's welcome fuel. */
function welcome(wallet: FuelWallet, at: number): FuelEntry {
  return { wallet, amount: WELCOME_FUEL, reason: 'welcome', ref: null, at };
}

/** What the merge of an anonymous voter needs to know of the user's fuel day (ADR 0022). */
export interface MergeFuelRules {
  /** Today in the configured time zone. */
  today: string;
  /** The most fuel votes may earn in a day (ARENA_FUEL_DAILY_CAP). */
  dailyCap: number;
}

type IdentityRepositories = Pick<Repositories, 'fuel' | 'users' | 'voters'>;
type NewUserFields = Omit<NewUser, 'fuel_balance'>;

/**
 * Who someone is (DESIGN §4, §6): users and voters come into being here with the welcome fuel
 * of spec §3, and a device's anonymous history joins its user here when they sign in.
 */
export class IdentityService {
  constructor(private readonly store: Store<'fuel' | 'users' | 'voters'>) {}

  /** Creates a user with the welcome fuel, written to the ledger like any change. */
  createUser(user: NewUserFields): Promise<UserRow> {
    return this.store.transaction((repos) => this.createUserIn(repos, user));
  }

  /** `createUser` inside the caller's transaction (a first upload makes its device account). */
  async createUserIn(
    repos: Pick<IdentityRepositories, 'fuel' | 'users'>,
    user: NewUserFields,
  ): Promise<UserRow> {
    const row = await repos.users.insert({ ...user, fuel_balance: WELCOME_FUEL });
    await repos.fuel.recordOpening(welcome({ kind: 'user', id: row.id }, user.created_at));
    return row;
  }

  /**
   * The host's user, created on first sight with the welcome fuel. Two first requests may race:
   * the unique index on host_user_id lets one insert win and the other read it.
   */
  async findOrCreateHostUser(hostUserId: string, nickname: string, at: number): Promise<UserRow> {
    const { users } = this.store.repos;
    const existing = await users.findByHostUserId(hostUserId);
    if (existing) return existing;
    await this.store.transaction(async (repos) => {
      const id = await repos.users.insertHostUserIfAbsent(hostUserId, nickname, WELCOME_FUEL, at);
      if (id !== undefined) {
        await repos.fuel.recordOpening(welcome({ kind: 'user', id }, at));
      }
    });
    const created = await users.findByHostUserId(hostUserId);
    if (!created) throw new Error(`host user ${hostUserId} vanished after insert`);
    return created;
  }

  /**
   * The person behind a request: the signed-in user's voter, or the device's anonymous voter,
   * whose wallet starts with the welcome fuel (a ledger row), like a new user's. A device's
   * anonymous history joins the user only through `absorbAnonymous`, which the device check
   * calls once the caller has shown it holds the id (ADR 0022).
   */
  async resolveVoter(anonymousId: string, userId: number | null, at: number): Promise<VoterRow> {
    const { voters } = this.store.repos;
    if (userId !== null) return voters.findOrCreate(userVoterKey(userId), userId, at);
    const key = anonymousVoterKey(anonymousId);
    const existing = await voters.findByKey(key);
    if (existing) return existing;
    await this.store.transaction(async (repos) => {
      const id = await repos.voters.insertIfAbsent(key, null, at);
      if (id !== undefined) {
        await repos.fuel.change(welcome({ kind: 'voter', id }, at));
      }
    });
    const created = await voters.findByKey(key);
    if (!created) throw new Error(`voter ${key} vanished after insert`);
    return created;
  }

  /**
   * Merges the device's anonymous voter into the user's the first time they meet (an anonymous
   * voter who signs in keeps its votes and achievements). The fuel it earned counts as fuel the
   * user earns today, within the daily cap; what is beyond the cap is not moved (ADR 0022).
   */
  async absorbAnonymous(
    anonymousId: string,
    userId: number,
    at: number,
    fuelRules: MergeFuelRules,
  ): Promise<void> {
    const { voters } = this.store.repos;
    const anonymous = await voters.findByKey(anonymousVoterKey(anonymousId));
    // Merged already (every later call of a signed-in device lands here): nothing to lock. The
    // merge checks again under its locks, so a merge racing this read is still done once.
    if (!anonymous || anonymous.merged_into !== null) return;
    const voter = await voters.findOrCreate(userVoterKey(userId), userId, at);
    await this.store.transaction((repos) =>
      merge(repos, { fromId: anonymous.id, intoId: voter.id, userId, at }, fuelRules),
    );
  }
}

/** One voter's history into another's, in the caller's transaction. */
async function merge(
  { voters, fuel }: IdentityRepositories,
  ids: { fromId: number; intoId: number; userId: number; at: number },
  fuelRules: MergeFuelRules,
): Promise<void> {
  const { fromId, intoId, userId, at } = ids;
  const from = await voters.lock(fromId);
  const into = await voters.lock(intoId);
  if (from.merged_into !== null) return;
  const { moved, counters } = mergedCounters(from, into, fuelRules);
  await voters.update(intoId, counters, at);
  await voters.moveHistory(fromId, intoId, userId);
  // The earned fuel moves to the user; the anonymous welcome fuel does not (the user has
  // their own), so nobody is welcomed twice.
  if (from.fuel_balance > 0) {
    const wallet = { kind: 'voter', id: fromId } as const;
    await fuel.change({
      wallet,
      amount: -from.fuel_balance,
      reason: 'merge',
      ref: `voter:${intoId}`,
      at,
    });
  }
  if (moved > 0) {
    const wallet = { kind: 'user', id: userId } as const;
    await fuel.change({ wallet, amount: moved, reason: 'merge', ref: `voter:${fromId}`, at });
  }
  // Free the device's anonymous key, so anonymous play after signing out starts afresh.
  await voters.retire(from, intoId, at);
}

/** The user's voter counters once the anonymous one's are added, and the fuel that moves. */
function mergedCounters(from: VoterRow, into: VoterRow, fuelRules: MergeFuelRules) {
  // The fuel the anonymous voter earned, on any day, lands on the user's today: at most the
  // room left under today's cap. So however many ids one person merges, a day pays one cap.
  const intoTodayFuel = fuelEarnedOn(into, fuelRules.today);
  const moved = fuelMovedOnMerge(from.fuel_balance, intoTodayFuel, fuelRules.dailyCap);
  const sameDay = from.day !== null && from.day === into.day;
  const newerDay = from.day !== null && (into.day === null || from.day > into.day);
  const day = newerDay ? from.day : into.day;
  const dayVotes = sameDay
    ? into.day_votes + from.day_votes
    : newerDay
      ? from.day_votes
      : into.day_votes;
  const counters = {
    total_votes: into.total_votes + from.total_votes,
    left_votes: into.left_votes + from.left_votes,
    right_votes: into.right_votes + from.right_votes,
    fast_votes: into.fast_votes + from.fast_votes,
    gold_passed: into.gold_passed + from.gold_passed,
    gold_failed: into.gold_failed + from.gold_failed,
    ...(moved > 0
      ? {
          day: fuelRules.today,
          day_votes: day === fuelRules.today ? dayVotes : 0,
          day_fuel: intoTodayFuel + moved,
        }
      : {
          day,
          day_votes: dayVotes,
          day_fuel: sameDay
            ? mergedDayFuel(into.day_fuel, from.day_fuel, fuelRules.dailyCap)
            : newerDay
              ? from.day_fuel
              : into.day_fuel,
        }),
    streak_days: Math.max(into.streak_days, from.streak_days),
  };
  return { moved, counters };
}
