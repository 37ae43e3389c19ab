import type { PasskeyInfo } from '@yanzhi/contract';
import type { PasskeyRow } from '../db/schema.js';

/** A passkey as the profile lists it: never its key or credential id. */
export function toPasskeyInfo(row: PasskeyRow): PasskeyInfo {
  return {
    id: row.id,
    name: row.name,
    created_at: new Date(row.created_at).toISOString(),
    last_used_at: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
  };
}
