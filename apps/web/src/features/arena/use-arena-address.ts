import { useEffect, useState } from 'react';
import { useSearchParams } from '../../lib/router';

/** The arena's address parameters: `/arena?category=<id>&photo=<photoId>`. */
export const ARENA_CATEGORY_PARAM = 'category';
export const ARENA_PHOTO_PARAM = 'photo';

export interface ArenaAddress {
  categoryId: number | null;
  /** The photo the first pair should include, with the category it belongs to. */
  lead: { categoryId: number; photoId: number } | null;
}

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  const parsed = Number(value);
  return parsed > 0 ? parsed : null;
}

/** Reads the address once (a later change of category is the chips' business). */
export function readArenaAddress(params: URLSearchParams): ArenaAddress {
  const categoryId = positiveInt(params.get(ARENA_CATEGORY_PARAM));
  const photoId = positiveInt(params.get(ARENA_PHOTO_PARAM));
  return {
    categoryId,
    lead: categoryId === null || photoId === null ? null : { categoryId, photoId },
  };
}

/**
 * Where the arena starts: "来比一比" on a photo page opens `/arena?category=<id>&photo=<id>`.
 * Both are read on arrival, then dropped from the address (a replace, no new history entry):
 * reloading or sharing the arena afterwards must not ask for that photo again, and the chips,
 * not the address, say the category from then on.
 */
export function useArenaAddress(): ArenaAddress {
  const [params, setParams] = useSearchParams();
  const [address] = useState(() => readArenaAddress(params));
  const present = params.has(ARENA_CATEGORY_PARAM) || params.has(ARENA_PHOTO_PARAM);

  useEffect(() => {
    if (!present) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(ARENA_CATEGORY_PARAM);
        next.delete(ARENA_PHOTO_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [present, setParams]);

  return address;
}
