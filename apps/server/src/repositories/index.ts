import type { Db } from '../db/database.js';
import { CategoryRepository } from './category.repository.js';
import { DeviceBindingRepository } from './device-binding.repository.js';
import { FuelRepository } from './fuel.repository.js';
import { LeaderboardRepository } from './leaderboard.repository.js';
import { ModerationRepository } from './moderation.repository.js';
import { PhotoRepository } from './photo.repository.js';
import { RatingRepository } from './rating.repository.js';
import { ReferenceRepository } from './reference.repository.js';
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
export interface Repositories {
  categories: CategoryRepository;
  deviceBindings: DeviceBindingRepository;
  fuel: FuelRepository;
  leaderboards: LeaderboardRepository;
  moderation: ModerationRepository;
  photos: PhotoRepository;
  ratings: RatingRepository;
  references: ReferenceRepository;
  scoreDays: ScoreDayRepository;
  servedPairs: ServedPairRepository;
  sessions: SessionRepository;
  settings: SettingsRepository;
  shareCards: ShareCardRepository;
  uploads: UploadRepository;
  users: UserRepository;
  votes: VoteRepository;
  voters: VoterRepository;
}

export type RepositoryName = keyof Repositories;

/**
 * The repositories on one handle (the database or a transaction), each built on first use: a
 * vote's transaction touches five of them and must not pay for seventeen (the vote is the hot
 * path).
 */
class BoundRepositories implements Repositories {
  #made: Partial<Repositories> = {};

  constructor(private readonly db: Db) {}

  private once<K extends RepositoryName>(
    name: K,
    make: new (db: Db) => Repositories[K],
  ): Repositories[K] {
    const made = this.#made[name] ?? new make(this.db);
    this.#made[name] = made;
    return made;
  }

  get categories() {
    return this.once('categories', CategoryRepository);
  }
  get deviceBindings() {
    return this.once('deviceBindings', DeviceBindingRepository);
  }
  get fuel() {
    return this.once('fuel', FuelRepository);
  }
  get leaderboards() {
    return this.once('leaderboards', LeaderboardRepository);
  }
  get moderation() {
    return this.once('moderation', ModerationRepository);
  }
  get photos() {
    return this.once('photos', PhotoRepository);
  }
  get ratings() {
    return this.once('ratings', RatingRepository);
  }
  get references() {
    return this.once('references', ReferenceRepository);
  }
  get scoreDays() {
    return this.once('scoreDays', ScoreDayRepository);
  }
  get servedPairs() {
    return this.once('servedPairs', ServedPairRepository);
  }
  get sessions() {
    return this.once('sessions', SessionRepository);
  }
  get settings() {
    return this.once('settings', SettingsRepository);
  }
  get shareCards() {
    return this.once('shareCards', ShareCardRepository);
  }
  get uploads() {
    return this.once('uploads', UploadRepository);
  }
  get users() {
    return this.once('users', UserRepository);
  }
  get votes() {
    return this.once('votes', VoteRepository);
  }
  get voters() {
    return this.once('voters', VoterRepository);
  }
}

/** The repositories bound to `db` (the database or an open transaction), built lazily. */
export function bindRepositories(db: Db): Repositories {
  return new BoundRepositories(db);
}
