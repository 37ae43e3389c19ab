import type { Db } from '../db/database.js';

/** The settings key a refit stamps, telling every process to reload the category's boards. */
export function refitStampKey(categoryId: number): string {
  return `leaderboard:refit:${categoryId}`;
}

/**
 * The settings key of a category's fit mark (ADR 0029, `FitMark` in services/refit.service.ts):
 * the last vote its fits have counted, and when and over how many votes the last full one ran.
 */
export function fitMarkKey(categoryId: number): string {
  return `refit:mark:${categoryId}`;
}

export class SettingsRepository {
  constructor(private readonly db: Db) {}

  async get(key: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.value;
  }

  async set(key: string, value: string, now: number): Promise<void> {
    await this.db
      .insertInto('app_settings')
      .values({ key, value, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
      .execute();
  }

  /**
   * Takes (or renews) a lease named `key` for `owner` when nobody holds it or the holder let it
   * lapse `ttlMs` ago; true when `owner` holds it now. One row per lease, so every process on
   * the same database agrees on the holder.
   */
  async tryLease(key: string, owner: string, now: number, ttlMs: number): Promise<boolean> {
    await this.db
      .insertInto('app_settings')
      .values({ key, value: owner, updated_at: now })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ value: owner, updated_at: now })
          .where((eb) =>
            eb.or([
              eb('app_settings.value', '=', owner),
              eb('app_settings.value', '=', ''),
              eb('app_settings.updated_at', '<=', now - ttlMs),
            ]),
          ),
      )
      .execute();
    return (await this.get(key)) === owner;
  }

  /** Gives a lease up (only its holder can). */
  async releaseLease(key: string, owner: string, now: number): Promise<void> {
    await this.db
      .updateTable('app_settings')
      .set({ value: '', updated_at: now })
      .where('key', '=', key)
      .where('value', '=', owner)
      .execute();
  }
}
