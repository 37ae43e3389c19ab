import type { Db } from '../db/database.js';
import { AuthCeremonyRepository } from './auth-ceremony.repository.js';
import { CategoryRepository } from './category.repository.js';
import { DeviceBindingRepository } from './device-binding.repository.js';
import { FuelRepository } from './fuel.repository.js';
import { LeaderboardRepository } from './leaderboard.repository.js';
import { ModerationRepository } from './moderation.repository.js';
import { PasskeyRepository } from './passkey.repository.js';
import { PhotoNewsRepository } from './photo-news.repository.js';
import { PhotoRepository } from './photo.repository.js';
import { RatingRepository } from './rating.repository.js';
import { RecoveryCodeRepository } from './recovery-code.repository.js';
import { ReferenceRepository } from './reference.repository.js';
import { RefitIncrementRepository } from './refit-increment.repository.js';
import { ScoreDayRepository } from './score-day.repository.js';
import { ServedPairRepository } from './served-pair.repository.js';
import { SessionRepository } from './session.repository.js';
import { SettingsRepository } from './settings.repository.js';
import { ShareCardRepository } from './share-card.repository.js';
import { UploadRepository } from './upload.repository.js';
import { UserRepository } from './user.repository.js';
import { VoteRepository } from './vote.repository.js';
import { VoterRepository } from './voter.repository.js';

/** Every repository that reads or writes the database, by the name services know it by. */
const REPOSITORY_CLASSES = {
  authCeremonies: AuthCeremonyRepository,
  categories: CategoryRepository,
  deviceBindings: DeviceBindingRepository,
  fuel: FuelRepository,
  leaderboards: LeaderboardRepository,
  moderation: ModerationRepository,
  passkeys: PasskeyRepository,
  photoNews: PhotoNewsRepository,
  photos: PhotoRepository,
  ratings: RatingRepository,
  recoveryCodes: RecoveryCodeRepository,
  references: ReferenceRepository,
  refitIncrements: RefitIncrementRepository,
  scoreDays: ScoreDayRepository,
  servedPairs: ServedPairRepository,
  sessions: SessionRepository,
  settings: SettingsRepository,
  shareCards: ShareCardRepository,
  uploads: UploadRepository,
  users: UserRepository,
  votes: VoteRepository,
  voters: VoterRepository,
} satisfies Record<string, new (db: Db) => object>;

export type Repositories = {
  readonly [K in keyof typeof REPOSITORY_CLASSES]: InstanceType<(typeof REPOSITORY_CLASSES)[K]>;
};

export type RepositoryName = keyof Repositories;

/**
 * The repositories on one handle (the database or a transaction), each built on first use: a
 * vote's transaction touches five of them and must not pay for seventeen (the vote is the hot
 * path). One getter per name is defined on the prototype below, so an instance holds only the
 * handle and what it has built.
 */
class BoundRepositories {
  readonly made = new Map<RepositoryName, object>();

  constructor(readonly db: Db) {}
}

for (const name of Object.keys(REPOSITORY_CLASSES) as RepositoryName[]) {
  const Repository = REPOSITORY_CLASSES[name];
  Object.defineProperty(BoundRepositories.prototype, name, {
    get(this: BoundRepositories) {
      let made = this.made.get(name);
      if (made === undefined) {
        made = new Repository(this.db);
        this.made.set(name, made);
      }
      return made;
    },
  });
}

/** The repositories bound to `db` (the database or an open transaction), built lazily. */
export function bindRepositories(db: Db): Repositories {
  // The getters defined above give each name an instance of its class (REPOSITORY_CLASSES).
  return new BoundRepositories(db) as unknown as Repositories;
}
