import {
  formatScore,
  levelFromScore,
  type MessageLanguage,
  type PeriodType,
} from '@yanzhi/contract';
import type { CardText } from '../repositories/share-card.template.js';

export interface CardFacts {
  lang: MessageLanguage;
  currentScore: number;
  provisional: boolean;
  rank: number | null;
  category: { name: string; name_en: string };
  periodType: PeriodType;
  /** First and last day of the period (`YYYY-MM-DD`); null for the all-time board. */
  periodStart: string | null;
  periodEnd: string | null;
  link: string;
}

const COPY = {
  zh: {
    productName: '颜值竞技场',
    productNameAlt: 'Yanzhi Arena',
    scoreLabel: '颜值分',
    rankLabel: '排名',
    placing: '定级中',
    unranked: '未上榜',
    callToAction: '扫码来颜值竞技场，看看我的排名',
    periods: { day: '日榜', week: '周榜', month: '月榜', all: '总榜' },
  },
  en: {
    productName: 'Yanzhi Arena',
    productNameAlt: '颜值竞技场',
    scoreLabel: 'Score',
    rankLabel: 'Rank',
    placing: 'Being placed',
    unranked: 'Not ranked',
    callToAction: 'Scan to see my rank on Yanzhi Arena',
    periods: { day: 'Daily', week: 'Weekly', month: 'Monthly', all: 'All-time' },
  },
} as const;

const LOCALES = { zh: 'zh-CN', en: 'en-US' } as const;

/** A calendar day as a date at UTC midnight, so formatting never shifts it across zones. */
function utcDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function formatDay(lang: MessageLanguage, day: string, withYear = true): string {
  return new Intl.DateTimeFormat(LOCALES[lang], {
    timeZone: 'UTC',
    ...(withYear ? { year: 'numeric' } : {}),
    month: lang === 'zh' ? 'long' : 'short',
    day: 'numeric',
  }).format(utcDay(day));
}

/** The period's dates as people read them: one day, a week's first and last day, a month. */
export function periodDates(
  lang: MessageLanguage,
  periodType: PeriodType,
  start: string | null,
  end: string | null,
): string | null {
  if (periodType === 'all' || start === null) return null;
  if (periodType === 'day') return formatDay(lang, start);
  if (periodType === 'month') {
    return new Intl.DateTimeFormat(LOCALES[lang], {
      timeZone: 'UTC',
      year: 'numeric',
      month: 'long',
    }).format(utcDay(start));
  }
  const last = end ?? start;
  const sameYear = start.slice(0, 4) === last.slice(0, 4);
  // zh: 2026年11月16日 – 11月22日; en: Nov 16 – Nov 22, 2026 (years spelt out when they differ).
  if (lang === 'zh') return `${formatDay(lang, start)} – ${formatDay(lang, last, !sameYear)}`;
  return `${formatDay(lang, start, !sameYear)} – ${formatDay(lang, last)}`;
}

/** Everything the card says, in the card's language. */
export function cardText(facts: CardFacts): CardText {
  const copy = COPY[facts.lang];
  const level = levelFromScore(facts.currentScore);
  const categoryName = facts.lang === 'zh' ? facts.category.name : facts.category.name_en;
  const rank =
    facts.rank !== null ? `#${facts.rank}` : facts.provisional ? copy.placing : copy.unranked;
  return {
    productName: copy.productName,
    productNameAlt: copy.productNameAlt,
    scoreLabel: copy.scoreLabel,
    score: formatScore(facts.currentScore),
    levelName: facts.lang === 'zh' ? level.name : level.name_en,
    rankLabel: copy.rankLabel,
    rank,
    ranked: facts.rank !== null,
    board: `${categoryName} · ${copy.periods[facts.periodType]}`,
    period: periodDates(facts.lang, facts.periodType, facts.periodStart, facts.periodEnd),
    callToAction: copy.callToAction,
    link: facts.link,
  };
}
