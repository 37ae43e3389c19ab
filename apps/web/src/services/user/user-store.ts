import {
  CLIENT_STORAGE_KEYS,
  DEFAULT_FUEL,
  DEFAULT_RANK,
  levelFromRating,
  userRating,
  type Level,
  type Session,
  type UserInfo,
} from '@yanzhi/contract';
import { create } from 'zustand';
import { ApiError } from '../../lib/api-client';
import {
  clearRefreshToken,
  clearToken,
  getToken,
  setRefreshToken,
  setToken,
} from '../../lib/identity';
import { t } from '../../lib/i18n';
import { onSessionChange } from '../../lib/session-recovery';
import { readStoredJson, removeStored, writeStored } from '../../lib/storage';
import { toast } from '../toasts';
import { deleteMyPhoto } from './api/delete-photo';
import { fetchUserInfo } from './api/get-user-info';
import { revokeSession } from './api/sign-out';

/** The user kept on the client (spec §3): id, the userInfo fields spread in, fuel and rank. */
export type User = Omit<UserInfo, 'fuel'> & { fuel: number; rank: number };

/** One of the user's photos; the score is in hundredths (spec §3). */
export interface UserPhoto {
  id: number;
  current_score: number;
}

export interface PhotoPage {
  photos: UserPhoto[];
  current_page: number;
  total_pages: number;
  total_photos: number;
}

export interface DeleteResult {
  success: boolean;
  message: string;
}

const EMPTY_PHOTO_PAGE: PhotoPage = {
  photos: [],
  current_page: 1,
  total_pages: 0,
  total_photos: 0,
};

interface UserState extends PhotoPage {
  user: User | null;
  /** Loads the user persisted in local storage, if any (start-up step 4). */
  hydrate: () => void;
  /** Replaces the user with a userInfo from the server and persists it. */
  setUser: (userInfo: unknown) => void;
  /** Keeps a session from login, refresh or a device's first upload. */
  setSession: (session: Pick<Session, 'token' | 'userInfo'> & { refresh_token?: string }) => void;
  /** Signed out: photos and paging reset, userInfo, token and refresh token removed. */
  clearUser: () => void;
  /** The fuel balance the server last reported (after a vote, a boost); kept only when signed in. */
  setFuel: (fuel: number) => void;
  setPhotoPage: (page: PhotoPage) => void;
  /** Removes a photo from the list, refused (false) unless more than one photo is left. */
  removePhotoLocally: (photoId: number) => boolean;
  /** Adding a photo locally is a no-op that succeeds (spec §4). */
  addPhoto: () => { success: true };
  deletePhoto: (photoId: number) => Promise<DeleteResult>;
  /** Fetches the user of the stored token; `announce` greets the user with a toast. */
  refreshUser: (options?: { announce?: boolean }) => Promise<void>;
  signOut: () => Promise<void>;
}

function toId(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return Number(value);
  return null;
}

/** A User from whatever was stored or received; null when it has no usable id. */
export function toUser(raw: unknown): User | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const info = raw as Record<string, unknown>;
  const id = toId(info.id);
  if (id === null) return null;
  return {
    ...(info as Partial<User>),
    id,
    nickname: typeof info.nickname === 'string' ? info.nickname : '',
    avatar_url: typeof info.avatar_url === 'string' ? info.avatar_url : null,
    role: info.role === 'moderator' || info.role === 'admin' ? info.role : 'user',
    is_device_account: info.is_device_account === true,
    created_at: typeof info.created_at === 'string' ? info.created_at : '',
    fuel: typeof info.fuel === 'number' ? info.fuel : DEFAULT_FUEL,
    rank: typeof info.rank === 'number' ? info.rank : DEFAULT_RANK,
  };
}

/** Persisted as id plus userInfo (spec §3); rank is the client's own and not stored. */
function persistUser(user: User): void {
  const { rank: _rank, ...userInfo } = user;
  writeStored(CLIENT_STORAGE_KEYS.userInfo, JSON.stringify(userInfo));
}

export const useUserStore = create<UserState>()((set, get) => ({
  user: null,
  ...EMPTY_PHOTO_PAGE,

  hydrate: () => {
    set({ user: toUser(readStoredJson(CLIENT_STORAGE_KEYS.userInfo)) });
  },

  setUser: (userInfo) => {
    const user = toUser(userInfo);
    if (user === null) return;
    persistUser(user);
    set({ user });
  },

  setSession: (session) => {
    setToken(session.token);
    if (session.refresh_token) setRefreshToken(session.refresh_token);
    get().setUser(session.userInfo);
  },

  clearUser: () => {
    removeStored(CLIENT_STORAGE_KEYS.userInfo);
    clearToken();
    clearRefreshToken();
    set({ user: null, ...EMPTY_PHOTO_PAGE });
  },

  setFuel: (fuel) => {
    const { user } = get();
    if (user === null || user.fuel === fuel) return;
    const updated = { ...user, fuel };
    persistUser(updated);
    set({ user: updated });
  },

  setPhotoPage: (page) => {
    set({ ...page });
  },

  removePhotoLocally: (photoId) => {
    const { photos, total_photos } = get();
    if (photos.length <= 1) return false;
    const remaining = photos.filter((photo) => photo.id !== photoId);
    if (remaining.length === photos.length) return false;
    set({ photos: remaining, total_photos: Math.max(0, total_photos - 1) });
    return true;
  },

  addPhoto: () => ({ success: true }),

  deletePhoto: async (photoId) => {
    const { user } = get();
    if (user === null) return { success: false, message: t('photo.delete.notLoggedIn') };
    try {
      await deleteMyPhoto(photoId, user.id);
    } catch (error) {
      if (error instanceof ApiError) {
        return { success: false, message: error.serverMessage || t('photo.delete.failed') };
      }
      return { success: false, message: t('photo.delete.error') };
    }
    get().removePhotoLocally(photoId);
    return { success: true, message: t('photo.delete.success') };
  },

  refreshUser: async ({ announce = false } = {}) => {
    const token = getToken();
    if (token === null) return;
    try {
      const userInfo = await fetchUserInfo(token);
      get().setUser(userInfo);
      const { user } = get();
      if (announce && user) toast.success(t('toast.welcomeBack', { nickname: user.nickname }));
    } catch {
      // A refused token was renewed, or dropped with the user and said once, by the API client
      // (followSession below). Other failures (offline, server trouble) keep the stored user.
    }
  },

  signOut: async () => {
    try {
      if (getToken() !== null) await revokeSession();
    } catch {
      // Signing out locally must work even when the server cannot be reached.
    } finally {
      get().clearUser();
    }
  },
}));

/**
 * The store follows the session the API client renews or drops: a refresh brings the user with
 * it; a drop (storage already cleared) leaves an anonymous visitor, told once why.
 */
function followSession(): void {
  onSessionChange((change) => {
    // A renewal without a user (the host's bridge) keeps the one we have: setUser ignores null.
    if (change.kind === 'renewed') {
      useUserStore.getState().setUser(change.userInfo);
      return;
    }
    useUserStore.setState({ user: null, ...EMPTY_PHOTO_PAGE });
    // What the visitor is told, once: session.ended.refused, .host or .banned.
    if (change.warning !== null) toast.warning(t(`session.ended.${change.warning}`));
  });
}
followSession();

export const selectIsLoggedIn = (state: UserState): boolean => state.user !== null;
export const selectRating = (state: UserState): number => userRating(state.photos);
export const selectLevel = (state: UserState): Level => levelFromRating(selectRating(state));
