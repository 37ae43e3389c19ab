import { create } from 'zustand';
import { fetchPhotoNews } from './api/get-photo-news';

interface NewsState {
  /** How many of the user's photos have news since their last look (the badge on 我的). */
  unseen: number;
  /** The user whose count was last asked for, so a start-up asks once per signed-in user. */
  askedFor: number | null;
  setUnseen: (unseen: number) => void;
  /** Asks the server once for `userId` (no polling); a failure leaves no badge. */
  loadBadge: (userId: number) => Promise<void>;
  /** Signed out or another user: no badge until asked again. */
  reset: () => void;
}

export const useNewsStore = create<NewsState>((set, get) => ({
  unseen: 0,
  askedFor: null,
  setUnseen: (unseen) => {
    set({ unseen });
  },
  loadBadge: async (userId) => {
    if (get().askedFor === userId) return;
    set({ askedFor: userId, unseen: 0 });
    try {
      const news = await fetchPhotoNews(false);
      // The profile may have opened (and marked everything seen) while this was under way.
      if (get().askedFor === userId) set({ unseen: news.unseen });
    } catch {
      // The badge is a hint: without an answer there is simply none (the inbox says more).
    }
  },
  reset: () => {
    set({ unseen: 0, askedFor: null });
  },
}));
