import { ONBOARDING_VOTES_TO_UNLOCK, type SubmitRatingResponse } from '@yanzhi/contract';

/** A newcomer's progress towards their own score (DESIGN §6), from the votes before and after. */
export function onboardingOf(before: number, after: number): SubmitRatingResponse['onboarding'] {
  return {
    votes: Math.min(after, ONBOARDING_VOTES_TO_UNLOCK),
    required: ONBOARDING_VOTES_TO_UNLOCK,
    unlocked: after >= ONBOARDING_VOTES_TO_UNLOCK,
    just_unlocked: before < ONBOARDING_VOTES_TO_UNLOCK && after >= ONBOARDING_VOTES_TO_UNLOCK,
  };
}
