import { ONBOARDING_VOTES_TO_UNLOCK } from '@yanzhi/contract';

/**
 * The onboarding page's texts. They live in this page's chunk rather than in the catalogue
 * every visitor's first screen downloads (ADR 0014), and read as the catalogue's texts do
 * (lib/i18n/page-texts). This file imports only the contract, so the browser tests read it too.
 */
const ZH = {
  'onboarding.heading': '新手引导',
  'onboarding.stepsLabel': '玩法介绍',
  'onboarding.step': '第 {n} 步',
  'onboarding.pick.title': '选出更好看的',
  'onboarding.pick.text': '每次出现两张照片，点击你觉得更好看的一张。',
  'onboarding.fuel.title': '投票赚燃料',
  'onboarding.fuel.text': '每次投票都能获得燃料，燃料可以为你的照片换取更多曝光。',
  'onboarding.unlock.title': '解锁你的颜值分',
  'onboarding.unlock.text': `投满 ${ONBOARDING_VOTES_TO_UNLOCK} 票，即可解锁你自己的颜值分。`,
  'onboarding.start': '开始投票',
  'onboarding.progressTitle': '你的进度',
};

export type OnboardingTextKey = keyof typeof ZH;

const EN: Readonly<Record<OnboardingTextKey, string>> = {
  'onboarding.heading': 'Getting started',
  'onboarding.stepsLabel': 'How it works',
  'onboarding.step': 'Step {n}',
  'onboarding.pick.title': 'Pick the more attractive',
  'onboarding.pick.text': 'Two photos at a time: tap the one you find more attractive.',
  'onboarding.fuel.title': 'Votes earn fuel',
  'onboarding.fuel.text': 'Every vote earns fuel, and fuel buys your photos more exposure.',
  'onboarding.unlock.title': 'Unlock your score',
  'onboarding.unlock.text': `Cast ${ONBOARDING_VOTES_TO_UNLOCK} votes to unlock your own score.`,
  'onboarding.start': 'Start voting',
  'onboarding.progressTitle': 'Your progress',
};

/**
 * Every language's texts, written out: texts.ts reads them with lib/i18n's Language, so a new
 * language fails to compile until it is added here.
 */
export const ONBOARDING_TEXTS = { 'zh-CN': ZH, en: EN };
