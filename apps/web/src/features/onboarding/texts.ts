import { usePageTexts, type PageTranslate } from '../../lib/i18n/page-texts';
import { ONBOARDING_TEXTS, type OnboardingTextKey } from './texts-data';

/** The onboarding page's texts (and the catalogue's) in the current language. */
export function useOnboardingText(): PageTranslate<OnboardingTextKey> {
  return usePageTexts(ONBOARDING_TEXTS);
}
