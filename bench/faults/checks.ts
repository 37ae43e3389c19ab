/**
 * After a restart: the SQLite file read directly (read-only, beside the running server) and the
 * media folder walked, compared with the journal and with the invariants of DESIGN §10.
 */
import type Database from 'better-sqlite3';
import { checkInvariants } from './invariants.js';
import { mustExist, type Journal, type WriteState } from './journal.js';
import { mediaFiles, openReadOnly } from './media.js';

export interface CheckResult {
  violations: string[];
  /** Acknowledged (or resolved as committed) writes found, cumulative over the run. */
  checked: number;
  /** In-flight writes of this round found committed / found absent. */
  inflightCommitted: number;
  inflightAbsent: number;
  votes: number;
}

interface PhotoRow {
  id: number;
  user_id: number;
  state: string;
  display_key: string;
  /** Null only on rows older than the medium variant (none in a fault run). */
  medium_key: string | null;
  thumb_key: string;
  is_demo: number;
  boost_remaining: number;
}

interface VoteRow {
  id: number;
  pair_id: string;
  winner_photo_id: number;
  loser_photo_id: number;
  fuel_earned: number;
}

function resolve(
  write: { state: WriteState; round: number },
  found: boolean,
  result: CheckResult,
  describe: () => string,
): void {
  const expected = mustExist(write.state);
  if (expected === null) {
    write.state = found ? 'inflight-committed' : 'inflight-absent';
    if (found) result.inflightCommitted += 1;
    else result.inflightAbsent += 1;
    return;
  }
  if (expected && !found) result.violations.push(`lost ${write.state} write: ${describe()}`);
  if (!expected && found) result.violations.push(`${write.state} write present: ${describe()}`);
  if (expected && found) result.checked += 1;
}

function checkVotes(db: Database.Database, journal: Journal, result: CheckResult): void {
  const rows = db
    .prepare(
      "select id, pair_id, winner_photo_id, loser_photo_id, fuel_earned from votes where pair_id not like 'demo:%'",
    )
    .all() as VoteRow[];
  result.votes = rows.length;
  const byPair = new Map(rows.map((row) => [row.pair_id, row]));
  const known = new Set<string>();
  for (const write of journal.votes) {
    known.add(write.pairId);
    const row = byPair.get(write.pairId);
    resolve(write, row !== undefined, result, () => `vote on pair ${write.pairId}`);
    if (!row) continue;
    if (row.winner_photo_id !== write.winnerId || row.loser_photo_id !== write.loserId) {
      result.violations.push(`vote on pair ${write.pairId} has another winner than was sent`);
    }
    if (write.fuelEarned !== null && row.fuel_earned !== write.fuelEarned) {
      result.violations.push(`vote on pair ${write.pairId}: fuel earned differs from its answer`);
    }
  }
  for (const row of rows) {
    if (!known.has(row.pair_id)) result.violations.push(`vote ${row.id} was never sent`);
  }
  // A vote's fuel and its ledger row are one transaction.
  const ledger = new Map<string, number>();
  for (const entry of db
    .prepare("select ref, amount from fuel_ledger where reason = 'vote'")
    .all() as { ref: string; amount: number }[]) {
    ledger.set(entry.ref, entry.amount);
  }
  const voteIds = new Set(rows.map((row) => `vote:${row.id}`));
  for (const row of rows) {
    const amount = ledger.get(`vote:${row.id}`) ?? 0;
    if (amount !== row.fuel_earned) {
      result.violations.push(
        `vote ${row.id} earned ${row.fuel_earned} but its ledger row says ${amount}`,
      );
    }
  }
  for (const ref of ledger.keys()) {
    if (!voteIds.has(ref)) result.violations.push(`fuel ledger row ${ref} has no vote`);
  }
}

function checkPhotos(
  db: Database.Database,
  journal: Journal,
  mediaDir: string,
  result: CheckResult,
): void {
  const photos = db
    .prepare(
      'select id, user_id, state, display_key, medium_key, thumb_key, is_demo, boost_remaining from photos',
    )
    .all() as PhotoRow[];
  const byId = new Map(photos.map((photo) => [photo.id, photo]));

  // Uploads: acknowledged ids must exist; every other user photo must be an in-flight upload.
  const explained = new Set<number>();
  for (const write of journal.uploads) {
    if (write.photoId === null) continue;
    explained.add(write.photoId);
    resolve(write, byId.has(write.photoId), result, () => `upload of photo ${write.photoId}`);
  }
  const unexplained = photos.filter((photo) => photo.is_demo === 0 && !explained.has(photo.id));
  for (const write of journal.uploads.filter((upload) => upload.photoId === null)) {
    if (mustExist(write.state) === false) continue;
    const match = unexplained.findIndex((photo) => photo.user_id === write.userId);
    const photo = match === -1 ? undefined : unexplained.splice(match, 1)[0];
    if (photo) write.photoId = photo.id;
    resolve(write, photo !== undefined, result, () => `upload by user ${write.userId}`);
  }
  for (const photo of unexplained) {
    result.violations.push(`photo ${photo.id} of user ${photo.user_id} was never uploaded`);
  }

  // Deletions: a deleted photo needs a delete that was acknowledged or in flight.
  const deletedBy = new Map<number, { state: WriteState; round: number }[]>();
  for (const write of journal.deletes) {
    deletedBy.set(write.photoId, [...(deletedBy.get(write.photoId) ?? []), write]);
  }
  for (const [photoId, writes] of deletedBy) {
    const deleted = byId.get(photoId)?.state === 'deleted';
    // A refused or undelivered deletion proves nothing when another one of the photo went in.
    const decisive = writes.filter((write) => mustExist(write.state) !== false);
    for (const write of decisive) {
      resolve(write, deleted, result, () => `deletion of photo ${photoId}`);
    }
    if (deleted && decisive.length === 0) {
      result.violations.push(`photo ${photoId} deleted by a refused or undelivered deletion`);
    }
  }
  for (const photo of photos) {
    if (photo.state === 'deleted' && photo.is_demo === 0 && !deletedBy.has(photo.id)) {
      result.violations.push(`photo ${photo.id} deleted without a deletion`);
    }
    if (photo.boost_remaining < 0) {
      result.violations.push(`photo ${photo.id} owes ${photo.boost_remaining} boosted exposures`);
    }
  }

  // Every photo that is not deleted has all its files: display, medium and thumbnail.
  const files = new Set(mediaFiles(mediaDir));
  for (const photo of photos) {
    if (photo.state === 'deleted') continue;
    if (photo.medium_key === null) {
      result.violations.push(`photo ${photo.id} (${photo.state}) has no medium variant`);
    }
    for (const key of [photo.display_key, photo.medium_key, photo.thumb_key]) {
      if (key !== null && !files.has(key))
        result.violations.push(`photo ${photo.id} (${photo.state}) lacks ${key}`);
    }
  }
}

/** Boost ledger rows per (user, photo) as a multiset of costs against the journal. */
function checkBoosts(db: Database.Database, journal: Journal, result: CheckResult): void {
  const actual = new Map<string, number[]>();
  for (const row of db
    .prepare("select user_id, ref, amount from fuel_ledger where reason = 'boost'")
    .all() as { user_id: number; ref: string; amount: number }[]) {
    const key = `${row.user_id}:${row.ref}`;
    actual.set(key, [...(actual.get(key) ?? []), -row.amount]);
  }
  const take = (key: string, exposures: number): boolean => {
    const costs = actual.get(key) ?? [];
    const at = costs.indexOf(exposures);
    if (at === -1) return false;
    costs.splice(at, 1);
    return true;
  };
  const ordered = [...journal.boosts].sort(
    (a, b) => Number(mustExist(a.state) !== true) - Number(mustExist(b.state) !== true),
  );
  for (const write of ordered) {
    const key = `${write.userId}:photo:${write.photoId}`;
    if (mustExist(write.state) === false) continue;
    resolve(write, take(key, write.exposures), result, () => `boost ${key} x${write.exposures}`);
  }
  for (const [key, costs] of actual) {
    for (const cost of costs) result.violations.push(`boost ${key} x${cost} was never sent`);
  }
}

function checkLogins(db: Database.Database, journal: Journal, result: CheckResult): void {
  const users = new Map(
    (
      db.prepare('select id, host_user_id from users where host_user_id is not null').all() as {
        id: number;
        host_user_id: string;
      }[]
    ).map((row) => [row.host_user_id, row.id]),
  );
  for (const write of journal.logins) {
    const found = users.get(write.hostUserId);
    resolve(
      write,
      found !== undefined && (write.userId === null || found === write.userId),
      result,
      () => `sign-in of ${write.hostUserId}`,
    );
  }
}

/** Everything the journal and DESIGN §10 promise, checked on the database as it is now. */
export function checkDatabase(dbFile: string, mediaDir: string, journal: Journal): CheckResult {
  const result: CheckResult = {
    violations: [],
    checked: 0,
    inflightCommitted: 0,
    inflightAbsent: 0,
    votes: 0,
  };
  const db = openReadOnly(dbFile);
  try {
    // One read transaction: the server may write meanwhile (its refit timer).
    db.transaction(() => {
      checkVotes(db, journal, result);
      checkPhotos(db, journal, mediaDir, result);
      checkBoosts(db, journal, result);
      checkLogins(db, journal, result);
      checkInvariants(db, result.violations);
    })();
  } finally {
    db.close();
  }
  return result;
}
