import type { Db } from '../db/database.js';
import type { Clock } from '../domain/clock.js';
import { CategoryRepository } from '../repositories/category.repository.js';
import { MediaRepository } from '../repositories/media.repository.js';
import { PhotoRepository } from '../repositories/photo.repository.js';
import { SessionRepository } from '../repositories/session.repository.js';
import { SettingsRepository } from '../repositories/settings.repository.js';
import { UserRepository } from '../repositories/user.repository.js';
import { AuthService, type AuthSettings } from './auth.service.js';
import { CategoryService } from './category.service.js';
import { DemoService } from './demo.service.js';

export interface Services {
  auth: AuthService;
  categories: CategoryService;
  demo: DemoService;
  users: UserRepository;
}

export interface ServiceOptions extends AuthSettings {
  mediaDir: string;
}

/** Wires repositories into services; each service gets exactly the repositories it uses. */
export function createServices(db: Db, clock: Clock, options: ServiceOptions): Services {
  const users = new UserRepository(db);
  const sessions = new SessionRepository(db);
  const categories = new CategoryRepository(db);
  const photos = new PhotoRepository(db);
  const settings = new SettingsRepository(db);
  const media = new MediaRepository(options.mediaDir);
  return {
    auth: new AuthService(users, sessions, clock, options),
    categories: new CategoryService(categories, clock),
    demo: new DemoService(users, photos, categories, media, settings, clock),
    users,
  };
}
