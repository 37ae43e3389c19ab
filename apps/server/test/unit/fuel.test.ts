import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { inTransaction } from '../../src/db/transaction.js';
import { FuelRepository } from '../../src/repositories/fuel.repository.js';
import { createStore } from '../../src/repositories/store.js';
import { IdentityService } from '../../src/services/identity.service.js';
import { createMigratedTestDatabase, dialects, type TestDatabase } from '../support/database.js';

const NOW = Date.UTC(2026, 10, 21);

describe.each(dialects)('the fuel ledger on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(() => database?.drop());

  async function setUp(): Promise<{ db: Db; userId: number }> {
    database = await createMigratedTestDatabase(dialect);
    const user = await new IdentityService(createStore(database.handle.db)).findOrCreateHostUser(
      'spender',
      'S',
      NOW,
    );
    return { db: database.handle.db, userId: user.id };
  }

  it('starts a new user at 50 fuel, written to the ledger', async () => {
    const { db, userId } = await setUp();
    const fuel = new FuelRepository(db);
    expect(await fuel.balance({ kind: 'user', id: userId })).toBe(50);
    expect(await fuel.ledgerSum({ kind: 'user', id: userId })).toBe(50);
  });

  it('never goes negative under concurrent spends, and the balance stays the ledger sum', async () => {
    const { db, userId } = await setUp();
    const wallet = { kind: 'user', id: userId } as const;
    const spends = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        inTransaction(db, (trx) =>
          new FuelRepository(trx).change({
            wallet,
            amount: -10,
            reason: 'boost',
            ref: `spend:${index}`,
            at: NOW,
          }),
        ),
      ),
    );
    expect(spends.filter(Boolean)).toHaveLength(5);
    const fuel = new FuelRepository(db);
    expect(await fuel.balance(wallet)).toBe(0);
    expect(await fuel.ledgerSum(wallet)).toBe(0);
    expect(await fuel.change({ wallet, amount: -1, reason: 'boost', ref: null, at: NOW })).toBe(
      false,
    );
  });

  it('adds credits and spends from concurrent writers without losing one', async () => {
    const { db, userId } = await setUp();
    const wallet = { kind: 'user', id: userId } as const;
    await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        inTransaction(db, (trx) =>
          new FuelRepository(trx).change({
            wallet,
            amount: index % 2 === 0 ? 3 : -2,
            reason: index % 2 === 0 ? 'vote' : 'boost',
            ref: null,
            at: NOW,
          }),
        ),
      ),
    );
    const fuel = new FuelRepository(db);
    expect(await fuel.balance(wallet)).toBe(50 + 15 * 3 - 15 * 2);
    expect(await fuel.ledgerSum(wallet)).toBe(await fuel.balance(wallet));
  });
});
