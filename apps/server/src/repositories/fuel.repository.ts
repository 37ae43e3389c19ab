import { PreparedQuery } from '../db/prepared-query.js';
import type { Db } from '../db/database.js';
import type { FuelLedgerTable } from '../db/schema.js';
import type { FuelWallet } from '../domain/fuel.js';

export type { FuelWallet };
export type FuelReason = FuelLedgerTable['reason'];

// Every vote moves fuel: its statements are prepared (ADR 0021). A move answers the new
// balance, so a vote that earns fuel needs no read of it after.
const moveFuel = (table: 'users' | 'voters') =>
  new PreparedQuery<[amount: number, id: number, atLeast: number], { fuel_balance: number }>(
    (db, arg) =>
      db
        .updateTable(table)
        .set((eb) => ({ fuel_balance: eb('fuel_balance', '+', arg(0)) }))
        .where('id', '=', arg(1))
        .where('fuel_balance', '>=', arg(2))
        .returning('fuel_balance'),
  );
const MOVE_USER_FUEL = moveFuel('users');
const MOVE_VOTER_FUEL = moveFuel('voters');
const INSERT_LEDGER_ROW = new PreparedQuery<
  [
    userId: number | null,
    voterId: number | null,
    amount: number,
    reason: FuelReason,
    ref: string | null,
    now: number,
  ],
  never
>((db, arg) =>
  db.insertInto('fuel_ledger').values({
    user_id: arg(0),
    voter_id: arg(1),
    amount: arg(2),
    reason: arg(3),
    ref: arg(4),
    created_at: arg(5),
  }),
);

const balanceOf = (table: 'users' | 'voters') =>
  new PreparedQuery<[id: number], { fuel_balance: number }>((db, arg) =>
    db.selectFrom(table).select('fuel_balance').where('id', '=', arg(0)),
  );
const USER_BALANCE = balanceOf('users');
const VOTER_BALANCE = balanceOf('voters');

/** One change of a wallet's fuel, as its ledger row records it. */
export interface FuelEntry {
  readonly wallet: FuelWallet;
  /** Positive adds, negative takes. */
  readonly amount: number;
  readonly reason: FuelReason;
  /** What the change was for (`vote:…`, `photo:…`, `voter:…`), or null. */
  readonly ref: string | null;
  /** When, in ms since the epoch. */
  readonly at: number;
}

/**
 * The fuel ledger and the balances it adds up to. A signed-in person's wallet is their user;
 * an anonymous voter's is their voter row. Every change writes a ledger row and moves the
 * balance in the same statement pair; callers run it inside their transaction.
 */
export class FuelRepository {
  constructor(private readonly db: Db) {}

  /** Adds (or, negative, takes) fuel; a debit that would go below zero changes nothing. */
  async change(entry: FuelEntry): Promise<boolean> {
    return entry.amount === 0 || (await this.move(entry)) !== undefined;
  }

  /**
   * Adds fuel (a credit is never refused) and answers the wallet's balance after it; undefined
   * when the wallet does not exist.
   */
  async credit(entry: FuelEntry): Promise<number | undefined> {
    if (!(entry.amount > 0)) throw new RangeError(`a credit must be positive, not ${entry.amount}`);
    return this.move(entry);
  }

  /** Moves the balance and writes its ledger row; the new balance, or undefined if refused. */
  private async move(entry: FuelEntry): Promise<number | undefined> {
    const { wallet, amount } = entry;
    const row = await (wallet.kind === 'user' ? MOVE_USER_FUEL : MOVE_VOTER_FUEL).first(
      this.db,
      amount,
      wallet.id,
      amount < 0 ? -amount : 0,
    );
    if (!row) return undefined;
    await this.writeLedgerRow(entry);
    return row.fuel_balance;
  }

  /** The ledger row of the balance a wallet was created with (its row already holds it). */
  async recordOpening(entry: FuelEntry): Promise<void> {
    await this.writeLedgerRow(entry);
  }

  private async writeLedgerRow({ wallet, amount, reason, ref, at }: FuelEntry): Promise<void> {
    await INSERT_LEDGER_ROW.rows(
      this.db,
      wallet.kind === 'user' ? wallet.id : null,
      wallet.kind === 'voter' ? wallet.id : null,
      amount,
      reason,
      ref,
      at,
    );
  }

  /** A wallet's balance (every vote answers with it: prepared). */
  async balance(wallet: FuelWallet): Promise<number> {
    const query = wallet.kind === 'user' ? USER_BALANCE : VOTER_BALANCE;
    const row = await query.first(this.db, wallet.id);
    return row?.fuel_balance ?? 0;
  }

  async ledgerSum(wallet: FuelWallet): Promise<number> {
    const row = await this.db
      .selectFrom('fuel_ledger')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('amount'), eb.lit(0)).as('total'))
      .where(wallet.kind === 'user' ? 'user_id' : 'voter_id', '=', wallet.id)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }
}
