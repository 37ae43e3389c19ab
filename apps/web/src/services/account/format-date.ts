import type { Language } from '../../lib/i18n';

/** A day as people read it in the language ("2026年11月25日", "Nov 25, 2026"). */
export function formatDay(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}
