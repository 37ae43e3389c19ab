import { ONBOARDING_VOTES_TO_UNLOCK, type VoteStats } from '@yanzhi/contract';
import type { ArenaSettings } from '../config.js';
import type { VoterRow } from '../db/schema.js';
import type { Clock } from '../domain/clock.js';
import { currentStreak, dayKey } from '../domain/day.js';
import { WELCOME_FUEL, fuelEarnedOn, walletOf } from '../domain/fuel.js';
import type { Store } from '../repositories/store.js';
import { anonymousVoterKey } from '../repositories/voter.repository.js';
import { allAchievements } from '../views/achievement-view.js';
import type { Caller } from './arena.service.js';
import type { IdentityService } from './identity.service.js';

/** `get_user_vote_stats` (DESIGN §6): what the arena and the profile show about a voter. */
export class StatsService {
  constructor(
    private readonly store: Store<'fuel' | 'uploads' | 'voters'>,
    private readonly identity: IdentityService,
    private readonly clock: Clock,
    private readonly settings: ArenaSettings & { timeZone: string },
  ) {}

  async voteStats(caller: Caller): Promise<VoteStats> {
    const voter = await this.identity.resolveVoter(
      caller.anonymousId,
      caller.userId,
      this.clock.now(),
    );
    return this.statsOfVoter(voter, caller.userId);
  }

  /**
   * What `voteStats` answers a caller without a session under this anonymous id, read without
   * writing (for a page's HTML): a voter not made yet is the newcomer the call would make.
   */
  async deviceStats(anonymousId: string): Promise<VoteStats> {
    const voter = await this.store.repos.voters.findByKey(anonymousVoterKey(anonymousId));
    return voter === undefined ? this.newcomerStats() : this.statsOfVoter(voter, null);
  }

  private async statsOfVoter(voter: VoterRow, userId: number | null): Promise<VoteStats> {
    const { voters, fuel: wallets, uploads } = this.store.repos;
    return this.statsOf(voter, {
      fuel: await wallets.balance(walletOf(userId, voter.id)),
      unlocked: await voters.achievements(voter.id),
      bestWinStreak: userId === null ? null : await uploads.bestWinStreak(userId),
      today: dayKey(this.clock.now(), this.settings.timeZone),
    });
  }

  /**
   * What `voteStats` answers a device the server has never seen (its voter is made on that
   * first call, with the welcome fuel): the same for every newcomer, so it is written into
   * each page, and an app that has just made its device id shows it without asking.
   */
  newcomerStats(): VoteStats {
    const fresh = { total_votes: 0, day: null, day_votes: 0, day_fuel: 0, streak_days: 0 };
    return this.statsOf(fresh, {
      fuel: WELCOME_FUEL,
      unlocked: [],
      bestWinStreak: null,
      today: dayKey(this.clock.now(), this.settings.timeZone),
    });
  }

  private statsOf(
    voter: Pick<VoterRow, 'total_votes' | 'day' | 'day_votes' | 'day_fuel' | 'streak_days'>,
    facts: {
      fuel: number;
      unlocked: Parameters<typeof allAchievements>[0];
      bestWinStreak: number | null;
      today: string;
    },
  ): VoteStats {
    const { today } = facts;
    const streakDays = currentStreak(voter.day, voter.streak_days, today);
    return {
      total_votes: voter.total_votes,
      today_votes: voter.day === today ? voter.day_votes : 0,
      fuel: facts.fuel,
      fuel_earned_today: fuelEarnedOn(voter, today),
      fuel_daily_cap: this.settings.fuelDailyCap,
      onboarding: {
        votes: Math.min(voter.total_votes, ONBOARDING_VOTES_TO_UNLOCK),
        required: ONBOARDING_VOTES_TO_UNLOCK,
        unlocked: voter.total_votes >= ONBOARDING_VOTES_TO_UNLOCK,
      },
      streak_days: streakDays,
      achievements: allAchievements(facts.unlocked, {
        totalVotes: voter.total_votes,
        streakDays,
        bestWinStreak: facts.bestWinStreak,
      }),
    };
  }
}
