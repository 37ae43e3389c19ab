import type { Db } from '../db/database.js';
import type { FuelLedgerTable } from '../db/schema.js';

export type FuelWallet = { kind: 'user'; id: number } | { kind: 'voter'; id: number };
export type FuelReason = FuelLedgerTable['reason'];

/**
 * The fuel ledger and the balances it adds up to. A signed-in person's wallet is their user;
 * an anonymous voter's is their voter row. Every change writes a ledger row and moves the
 * balance in the same statement pair; callers run it inside their transaction.
 */
export class FuelRepository {
  constructor(private readonly db: Db) {}

  /** Adds (or, negative, takes) fuel; a debit that would go below zero changes nothing. */
  async change(
    wallet: FuelWallet,
    amount: number,
    reason: FuelReason,
    ref: string | null,
    now: number,
  ): Promise<boolean> {
    if (amount === 0) return true;
    const table = wallet.kind === 'user' ? 'users' : 'voters';
    const result = await this.db
      .updateTable(table)
      .set((eb) => ({ fuel_balance: eb('fuel_balance', '+', amount) }))
      .where('id', '=', wallet.id)
      .where('fuel_balance', '>=', amount < 0 ? -amount : 0)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    await this.db
      .insertInto('fuel_ledger')
      .values({
        user_id: wallet.kind === 'user' ? wallet.id : null,
        voter_id: wallet.kind === 'voter' ? wallet.id : null,
        amount,
        reason,
        ref,
        created_at: now,
      })
      .execute();
    return true;
  }

  async balance(wallet: FuelWallet): Promise<number> {
    const row = await this.db
      .selectFrom(wallet.kind === 'user' ? 'users' : 'voters')
      .select('fuel_balance')
      .where('id', '=', wallet.id)
      .executeTakeFirst();
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
