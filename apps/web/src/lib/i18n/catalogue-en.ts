import type { MessageKey } from './catalogue.js';

/**
 * The English texts, beside the Chinese ones of catalogue.ts (same keys, same placeholders). A
 * chunk of its own: a Chinese first visit does not download it (ADR 0014).
 */
export const en: Readonly<Record<MessageKey, string>> = {
  'app.name': 'Yanzhi Arena',
  'app.skipToContent': 'Skip to main content',
  'app.loading': 'Loading…',

  'title.home': 'Who is prettier - see what score your looks get',
  'title.arena': 'Yanzhi Arena',
  'title.profile': 'Personal centre',
  'title.leaderboard': 'Leaderboard',
  'title.upload': 'Upload photo',
  'title.onboarding': 'Getting started',
  'title.notFound': 'Page not found - Yanzhi Arena',
  'title.moderation': 'Report review - Yanzhi Arena',
  'title.photo': 'Photo - Yanzhi Arena',

  'nav.label': 'Main navigation',
  'nav.arena': 'Arena',
  'nav.leaderboard': 'Leaderboard',
  'nav.upload': 'Upload',
  'nav.profile': 'Me',
  'nav.newsBadge': '{count} new updates',
  'nav.newsBadge.one': '{count} new update',

  'common.retry': 'Retry',
  'common.close': 'Close',
  'common.backHome': 'Back to home',

  'language.label': 'Language',
  'language.zh-CN': '中文',
  'language.en': 'English',

  'toast.region': 'Notifications',
  'toast.errorRegion': 'Error notifications',
  'toast.title.success': 'Success',
  'toast.title.error': 'Error',
  'toast.title.info': 'Info',
  'toast.title.warning': 'Warning',
  'toast.score.up': 'score up',
  'toast.score.down': 'score down',
  'toast.fuel.title': 'Fuel reward',
  'toast.fuel.message': '+{count} fuel points',
  'toast.welcomeBack': 'Welcome back, {nickname}',
  'session.ended.refused': 'Your sign-in is no longer valid. You can keep playing as a guest.',
  'session.ended.host': 'Your sign-in has expired. Reopen this page from the app to sign in again.',
  'session.ended.banned': 'This account has been banned and was signed out.',

  'photo.delete.notLoggedIn': 'user not logged in, cannot delete photo',
  'photo.delete.failed': 'delete failed',
  'photo.delete.error': 'delete photo failed',
  'photo.delete.success': 'photo deleted successfully',

  'error.title': 'Could not load',
  'error.notAvailableTitle': 'Coming soon',
  'error.network': 'Network error: check your connection and try again',
  'error.timeout': 'The request timed out, please try again',
  'error.server': 'The server answered unexpectedly, please try again later',
  'error.unknown': 'Something went wrong, please try again later',

  'category.label': 'Category',
  'category.loadError': 'Could not load the categories',
  'category.empty': 'No categories yet',
  'category.more': 'More categories',

  'fuel.label': 'Fuel {count}',

  'arena.heading': 'Who is prettier?',
  'arena.hint':
    'Tap the one you find more attractive, or press 1 / 2 or ← / →, S to skip; long-press a photo to see it full screen',
  'arena.keys': 'Press 1 / 2 or ← / → to vote, S to skip',
  'arena.profileLink': 'Personal centre',
  'arena.onboardingLink': 'How it works',
  'arena.stageLabel': 'Arena',
  'arena.pairLabel': 'This round',
  'arena.choosePhoto': 'Choose photo {n}',
  'arena.reportPhoto': 'Report photo {n}',
  'arena.vs': 'VS',
  'arena.skip': 'Skip',
  'arena.pairLoading': 'Getting the next pair ready…',
  'arena.announce': 'You chose photo {n}: {score}, {change}',
  'arena.provisional': 'Placing',
  'arena.provisionalRange': 'Placing {low}–{high}',
  'arena.unlocked': 'Your score is unlocked',
  'arena.unlockedNoAccount': 'Score unlocked: upload a photo',
  'arena.unlockedWithAccount': 'Score unlocked: see it under Me',
  'arena.unlockDoneUpload': 'Upload a photo to get your score',
  'arena.unlockDoneProfile': 'See your score under Me',
  'arena.emptyTitle': 'No new matches in this category for now',
  'arena.emptyText': 'Try another category, or upload your photo to join in',
  'arena.emptyUpload': 'Upload a photo',
  'arena.emptySwitch': 'Another category',
  'arena.loadError': 'Could not load the photos',

  'unlock.label': 'Unlock progress',
  'unlock.remaining': '{count} more votes to unlock your score',
  'unlock.remainingOne': '1 more vote to unlock your score',
  'unlock.done': 'Your score is unlocked',

  'share.share': 'Share',

  'notFound.heading': 'Page not found',
  'notFound.text': 'The page you are looking for is not here; it may have moved or been removed.',

  'common.cancel': 'Cancel',
  'photo.provisional': 'Placing',
  'profile.signingOut': 'Signing out…',
  'profile.signedOut': 'Signed out',
  'photo.comparisons': '{count} matches',
  'photo.comparisons.one': '{count} match',

  // Offline and the vote queue (ADR 0015).
  'offline.title': "You're offline",
  'offline.bannerTitle': 'Offline.',
  'offline.bannerText': 'What is already open still works; new content needs a connection',
  'offline.bannerQueued': '{count} votes saved, sent when you are back online',
  'offline.sending': 'Sending {count} votes made offline…',
  'offline.queued': '{count} votes saved, sent when you are back online',
  'offline.arenaText': 'New matches need a connection; the arena carries on when it is back',
  'offline.voteQueued': 'Vote saved offline, sent when you are back online',
  'offline.votesSent': '{count} votes made offline were sent',
  'offline.voteRefused': 'A vote made offline was not counted: {reason}',
};
