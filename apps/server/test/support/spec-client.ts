import { randomUUID } from 'node:crypto';
import {
  DEFAULT_APP_VERSION,
  DEVICE_ID_PREFIX,
  DEVICE_SECRET_COOKIE,
  LEADERBOARD_DEFAULT_PAGE,
  LEADERBOARD_DEFAULT_PAGE_SIZE,
  PACKAGE_ID,
  PLAN_TYPE,
  REPORT_DEFAULT_NOTES,
  REPORT_DEFAULT_USER_ID,
  SESSION_ID_PREFIX,
  UMENG_CHANNEL,
} from '@yanzhi/contract';
import { multipartBody, type UploadFile } from '../fixtures/upload-client.js';
import type { Envelope, TestApp } from './app.js';

/** A body `user_id` as the spec's client may hold it: its user's id, the placeholder, or none. */
export type SpecUserId = number | string | null | undefined;

/**
 * The host's own client exactly as spec §3 and §7 describe it, so a test reads like the
 * client's call: every request is a POST with the §7 headers (the stored token in
 * `access-token`, '' when none), JSON bodies with the client's defaults (a report's
 * `user_id: '1'` and `notes: ''`, a leaderboard's `period_date: null`, page 1, page size 20),
 * undefined fields dropped as JSON.stringify drops them, and a WebView's cookie jar: no cookie
 * at first, then whatever the server set (the device secret of ADR 0022), which this client
 * knows nothing about.
 */
export class SpecClient {
  /** Spec §3: "web-" + a random GUID, and "X_" + a GUID per app start. */
  readonly deviceId = `${DEVICE_ID_PREFIX}${randomUUID()}`;
  readonly sessionId = `${SESSION_ID_PREFIX}${randomUUID()}`;
  /** The stored token (spec §2: from `?access-token=` / `tokenId`, or a session). */
  token: string | null = null;
  private cookie: string | null = null;

  constructor(
    private readonly app: TestApp,
    private readonly remoteAddress = '127.0.0.1',
  ) {}

  /** The headers of spec §7; the content type is dropped for multipart (the form sets it). */
  headers(json = true): Record<string, string> {
    return {
      ...(json ? { 'content-type': 'application/json' } : {}),
      plantype: PLAN_TYPE,
      version: DEFAULT_APP_VERSION,
      packageid: PACKAGE_ID,
      umengchannel: UMENG_CHANNEL,
      'device-brand': 'Apple',
      'device-model': 'iPhone15,2',
      'device-id': this.deviceId,
      'access-token': this.token ?? '',
      'x-session-id': this.sessionId,
      // Always set, even empty, so that the tests' own device jar stays out of it.
      cookie: this.cookie ?? '',
    };
  }

  /** The generic POST helper of spec §7: `data` undefined sends no body at all. */
  async post(path: string, data?: Record<string, unknown>): Promise<Envelope> {
    return this.send(path, data === undefined ? undefined : JSON.stringify(data), this.headers());
  }

  /** A multipart POST (FormData): text fields and an optional `file` part. */
  async postForm(
    path: string,
    fields: Record<string, string>,
    file: UploadFile | null,
  ): Promise<Envelope> {
    const { body, contentType } = await multipartBody(file, fields);
    return this.send(path, body, { ...this.headers(false), 'content-type': contentType });
  }

  getCategories() {
    return this.post('/api/get_categories');
  }

  getLeaderboard(data: {
    category_id: number;
    period_type: string;
    period_date?: string | null;
    page?: number;
    page_size?: number;
  }) {
    return this.post('/api/get_leaderboard', {
      category_id: data.category_id,
      period_type: data.period_type,
      period_date: data.period_date ?? null,
      page: data.page ?? LEADERBOARD_DEFAULT_PAGE,
      page_size: data.page_size ?? LEADERBOARD_DEFAULT_PAGE_SIZE,
    });
  }

  getRandomPhotosForRating(categoryId: number, userId: SpecUserId) {
    return this.post('/api/get_random_photos_for_rating', {
      category_id: categoryId,
      anonymous_id: this.deviceId,
      user_id: userId,
    });
  }

  submitPhotoRating(data: {
    winner_photo_id: number;
    loser_photo_id: number;
    boosted_photo_id?: number | null;
    user_id?: SpecUserId;
  }) {
    return this.post('/api/submit_photo_rating', {
      winner_photo_id: data.winner_photo_id,
      loser_photo_id: data.loser_photo_id,
      anonymous_id: this.deviceId,
      boosted_photo_id: data.boosted_photo_id,
      user_id: data.user_id,
    });
  }

  /** Spec §5: user_id defaults to '1' and notes to empty. */
  submitPhotoReport(data: {
    photo_id: number;
    reason: string;
    notes?: string;
    user_id?: SpecUserId;
  }) {
    return this.post('/api/submit_photo_report', {
      photo_id: data.photo_id,
      reason: data.reason,
      notes: data.notes ?? REPORT_DEFAULT_NOTES,
      user_id: data.user_id ?? REPORT_DEFAULT_USER_ID,
    });
  }

  getUserVoteStats(userId: SpecUserId) {
    return this.post('/api/get_user_vote_stats', { user_id: userId, anonymous_id: this.deviceId });
  }

  deletePhoto(photoId: number, userId: SpecUserId) {
    return this.post('/api/delete_photo', { photo_id: photoId, user_id: userId });
  }

  loginByCookie(cookie: string) {
    return this.post('/api/login_by_cookie', { cookie });
  }

  getUserInfo(token: string | null) {
    return this.post('/api/get_user_info', { token });
  }

  genShareImage(token: string | null, file?: UploadFile) {
    if (file === undefined) return this.post('/api/gen_share_image', { token });
    return this.postForm('/api/gen_share_image', token === null ? {} : { token }, file);
  }

  private async send(
    path: string,
    payload: string | Buffer | undefined,
    headers: Record<string, string>,
  ): Promise<Envelope> {
    const response = await this.app.server.inject({
      method: 'POST',
      url: path,
      headers,
      remoteAddress: this.remoteAddress,
      ...(payload === undefined ? {} : { payload }),
    });
    this.keepCookie(response.headers['set-cookie']);
    return {
      ...response.json<Omit<Envelope, 'status' | 'response'>>(),
      status: response.statusCode,
      response,
    };
  }

  /** A WebView keeps the cookie the server sets and sends it back on /api. */
  private keepCookie(setCookie: string | string[] | undefined): void {
    const lines = Array.isArray(setCookie) ? setCookie : setCookie === undefined ? [] : [setCookie];
    for (const line of lines) {
      const [pair = ''] = line.split(';');
      if (pair.startsWith(`${DEVICE_SECRET_COOKIE}=`)) this.cookie = pair.trim();
    }
  }
}
