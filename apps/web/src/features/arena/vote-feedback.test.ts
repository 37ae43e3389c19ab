import type { SubmitRatingResponse } from '@yanzhi/contract';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { achievement } from '../../testing/arena-fixtures';
import { voteToasts } from './vote-feedback';

function answer(overrides: Partial<SubmitRatingResponse> = {}): SubmitRatingResponse {
  return {
    already_recorded: false,
    winner: { id: 1, current_score: 561, previous_score: 549, provisional: false, placement: null },
    loser: { id: 2, current_score: 539, previous_score: 551, provisional: false, placement: null },
    fuel_earned: 2,
    fuel: 52,
    achievements: [],
    onboarding: { votes: 3, required: 10, unlocked: false, just_unlocked: false },
    ...overrides,
  };
}

const UNLOCK = achievement('votes_10', {
  icon: 'votes',
  title: '眼光入门',
  title_en: 'Getting the eye',
  description: '投满 10 票，解锁你的颜值分',
  description_en: 'Cast 10 votes and unlock your score',
});

describe('the toasts a vote raises (issue 17)', () => {
  it('raises none for an ordinary vote: no fuel toast, no score toast about strangers', () => {
    expect(voteToasts(answer(), { hasAccount: false })).toEqual([]);
    expect(voteToasts(answer(), { hasAccount: true })).toEqual([]);
  });

  it('raises one per new achievement, in the UI language', () => {
    const result = answer({ achievements: [achievement('first_vote')] });
    expect(voteToasts(result, { hasAccount: false })).toEqual([
      { icon: 'first-vote', title: '初来乍到', description: '投出你的第一票' },
    ]);
    setLanguage('en');
    expect(voteToasts(result, { hasAccount: false })).toEqual([
      { icon: 'first-vote', title: 'First pick', description: 'Cast your first vote' },
    ]);
  });

  it('says the unlock once: its achievement carries what it means for this voter', () => {
    const unlocked = { votes: 10, required: 10, unlocked: true, just_unlocked: true };
    const result = answer({ onboarding: unlocked, achievements: [UNLOCK] });
    expect(voteToasts(result, { hasAccount: false })).toEqual([
      {
        icon: 'votes',
        title: '眼光入门',
        description: '颜值分已解锁：传张照片看看几分',
      },
    ]);
    expect(voteToasts(result, { hasAccount: true })).toEqual([
      { icon: 'votes', title: '眼光入门', description: '颜值分已解锁，去「我的」看看' },
    ]);
    // Without its achievement (earned before) the unlock still toasts, once.
    const alone = answer({ onboarding: unlocked, achievements: [achievement('first_vote')] });
    expect(voteToasts(alone, { hasAccount: true })).toEqual([
      { icon: 'votes', title: '你的颜值分已解锁', description: '去「我的」看你的颜值分' },
      { icon: 'first-vote', title: '初来乍到', description: '投出你的第一票' },
    ]);
  });

  it('leaves the unlock achievement as it is when the unlock is not this vote', () => {
    const result = answer({ achievements: [UNLOCK] });
    expect(voteToasts(result, { hasAccount: false })).toEqual([
      { icon: 'votes', title: '眼光入门', description: '投满 10 票，解锁你的颜值分' },
    ]);
  });

  it('raises nothing for a vote the server had already recorded', () => {
    const result = answer({ already_recorded: true, achievements: [achievement('first_vote')] });
    expect(voteToasts(result, { hasAccount: false })).toEqual([]);
  });
});
