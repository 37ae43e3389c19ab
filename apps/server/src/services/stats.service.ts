import { ONBOARDING_VOTES_TO_UNLOCK, type VoteStats } from '@yanzhi/contract';
import type { ArenaSettings } from '../config.js';
import type { Clock } from '../domain/clock.js';
import { currentStreak, dayKey } from '../domain/day.js';
import { fuelEarnedOn, walletOf } from '../domain/fuel.js';
import type { Store } from '../repositories/store.js';
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
    const now = this.clock.now();
    const { voters, fuel: wallets, uploads } = this.store.repos;
    const voter = await this.identity.resolveVoter(caller.anonymousId, caller.userId, now);
    const today = dayKey(now, this.settings.timeZone);
    const isToday = voter.day === today;
    const fuel = await wallets.balance(walletOf(caller.userId, voter.id));
    const streakDays = currentStreak(voter.day, voter.streak_days, today);
    return {
      total_votes: voter.total_votes,
      today_votes: isToday ? voter.day_votes : 0,
      fuel,
      fuel_earned_today: fuelEarnedOn(voter, today),
      fuel_daily_cap: this.settings.fuelDailyCap,
      onboarding: {
        votes: Math.min(voter.total_votes, ONBOARDING_VOTES_TO_UNLOCK),
        required: ONBOARDING_VOTES_TO_UNLOCK,
        unlocked: voter.total_votes >= ONBOARDING_VOTES_TO_UNLOCK,
      },
      streak_days: streakDays,
      achievements: allAchievements(await voters.achievements(voter.id), {
        totalVotes: voter.total_votes,
        streakDays,
        bestWinStreak: caller.userId === null ? null : await uploads.bestWinStreak(caller.userId),
      }),
    };
  }
}
