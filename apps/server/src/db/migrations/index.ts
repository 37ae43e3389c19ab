import type { Migration } from 'kysely';
import * as initial from './2026-11-21-0001-initial.js';
import * as arena from './2026-11-21-0002-arena.js';
import * as uploads from './2026-11-21-0003-uploads.js';
import * as moderation from './2026-11-21-0004-moderation.js';
import * as leaderboards from './2026-11-21-0005-leaderboards.js';
import * as mediumVariant from './2026-11-21-0006-medium-variant.js';
import * as reportStanding from './2026-11-24-0001-report-standing.js';
import * as deviceBindings from './2026-11-24-0010-device-bindings.js';
import * as voteNeighbourhood from './2026-11-24-0010-vote-neighbourhood.js';
import * as standaloneIdentity from './2026-11-25-0001-standalone-identity.js';
import * as reportReasonText from './2026-11-25-0030-report-reason-text.js';
import * as photoNews from './2026-11-25-0040-photo-news.js';
import * as boardPlacement from './2026-11-25-0050-board-placement.js';
import * as boostDelivery from './2026-11-25-0060-boost-delivery.js';
import * as invitedPhoto from './2026-11-25-0070-invited-photo.js';
import * as fitState from './2026-11-28-0010-fit-state.js';
import * as changesByTimeAndId from './2026-11-28-0020-changes-by-time-and-id.js';
import * as photoIndexesWithoutScore from './2026-11-28-0030-photo-indexes-without-score.js';
import * as refitIncrements from './2026-11-29-0010-refit-increments.js';
import * as roomForUpdates from './2026-11-29-0020-room-for-updates.js';
import * as voterPairsByTime from './2026-11-29-0030-voter-pairs-by-time.js';
import * as leaverIndexes from './2026-11-29-0040-leaver-indexes.js';
import * as photoFits from './2026-11-29-0050-photo-fits.js';
import * as fitDeltas from './2026-11-29-0060-fit-deltas.js';
import * as snapshotProgress from './2026-11-29-0070-snapshot-progress.js';

/** Every migration in order. Names carry a date prefix; a shipped migration is never edited. */
export const migrations: Record<string, Migration> = {
  '2026-11-21-0001-initial': initial,
  '2026-11-21-0002-arena': arena,
  '2026-11-21-0003-uploads': uploads,
  '2026-11-21-0004-moderation': moderation,
  '2026-11-21-0005-leaderboards': leaderboards,
  '2026-11-21-0006-medium-variant': mediumVariant,
  '2026-11-24-0001-report-standing': reportStanding,
  '2026-11-24-0010-device-bindings': deviceBindings,
  '2026-11-24-0010-vote-neighbourhood': voteNeighbourhood,
  '2026-11-25-0001-standalone-identity': standaloneIdentity,
  '2026-11-25-0030-report-reason-text': reportReasonText,
  '2026-11-25-0040-photo-news': photoNews,
  '2026-11-25-0050-board-placement': boardPlacement,
  '2026-11-25-0060-boost-delivery': boostDelivery,
  '2026-11-25-0070-invited-photo': invitedPhoto,
  '2026-11-28-0010-fit-state': fitState,
  '2026-11-28-0020-changes-by-time-and-id': changesByTimeAndId,
  '2026-11-28-0030-photo-indexes-without-score': photoIndexesWithoutScore,
  '2026-11-29-0010-refit-increments': refitIncrements,
  '2026-11-29-0020-room-for-updates': roomForUpdates,
  '2026-11-29-0030-voter-pairs-by-time': voterPairsByTime,
  '2026-11-29-0040-leaver-indexes': leaverIndexes,
  '2026-11-29-0050-photo-fits': photoFits,
  '2026-11-29-0060-fit-deltas': fitDeltas,
  '2026-11-29-0070-snapshot-progress': snapshotProgress,
};
