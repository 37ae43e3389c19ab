import type { Db } from '../db/database.js';
import type { CategoryRow, PhotoRow } from '../db/schema.js';

/** What a share card needs of a photo: its standing and the key of its display variant. */
export type SharePhotoRow = Pick<
  PhotoRow,
  | 'id'
  | 'user_id'
  | 'category_id'
  | 'state'
  | 'current_score'
  | 'provisional'
  | 'published_at'
  | 'display_key'
>;

const SHARE_PHOTO_COLUMNS = [
  'id',
  'user_id',
  'category_id',
  'state',
  'current_score',
  'provisional',
  'published_at',
  'display_key',
] as const;

/** The rows a share card is drawn from. */
export class ShareCardRepository {
  constructor(private readonly db: Db) {}

  /** The owner's best active photo: established before provisional, then by score. */
  bestActivePhoto(userId: number): Promise<SharePhotoRow | undefined> {
    return this.db
      .selectFrom('photos')
      .select(SHARE_PHOTO_COLUMNS)
      .where('user_id', '=', userId)
      .where('state', '=', 'active')
      .orderBy('provisional', 'asc')
      .orderBy('current_score', 'desc')
      .orderBy('published_at', 'asc')
      .orderBy('id', 'asc')
      .limit(1)
      .executeTakeFirst();
  }

  /** One of the owner's active photos; undefined for anyone else's or one not active. */
  ownActivePhoto(userId: number, photoId: number): Promise<SharePhotoRow | undefined> {
    return this.db
      .selectFrom('photos')
      .select(SHARE_PHOTO_COLUMNS)
      .where('id', '=', photoId)
      .where('user_id', '=', userId)
      .where('state', '=', 'active')
      .executeTakeFirst();
  }

  /** A category by id, active or not (a photo keeps its category's name either way). */
  category(id: number): Promise<Pick<CategoryRow, 'id' | 'name' | 'name_en'> | undefined> {
    return this.db
      .selectFrom('categories')
      .select(['id', 'name', 'name_en'])
      .where('id', '=', id)
      .executeTakeFirst();
  }
}
