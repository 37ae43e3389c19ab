import type { Store } from '../repositories/store.js';

/** What `/healthz` reports: whether this process can reach its database. */
export class HealthService {
  constructor(private readonly store: Pick<Store, 'ping'>) {}

  /** Resolves when the database answers; rejects with the driver's error when it does not. */
  async checkDatabase(): Promise<void> {
    await this.store.ping();
  }
}
