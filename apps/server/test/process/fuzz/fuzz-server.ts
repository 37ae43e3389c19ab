/**
 * The fuzz app as a real listening server in a process of its own (run with tsx by
 * `startFuzzServer`): a request that pins its event loop cannot pin the test's, so the test sees
 * the hang as a timeout. Prints `{ port, context }` as one JSON line, answers `snapshots` over
 * IPC with the number of frozen boards, and closes on `stop` or SIGTERM.
 */
import type { Dialect } from '../../support/database.js';
import { createFuzzApp } from './fuzz-app.js';

const dialect = (process.argv[2] ?? 'sqlite') as Dialect;
const { app, context } = await createFuzzApp(dialect);
await app.server.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.server.address();
if (address === null || typeof address !== 'object') throw new Error('not listening');

let closing: Promise<void> | null = null;
const stop = () => {
  closing ??= app.close().finally(() => process.exit(0));
  return closing;
};
process.once('SIGTERM', () => void stop());
// The test runner went away without stopping it: no orphan keeps the port and the database.
process.once('disconnect', () => void stop());
process.on('message', (message: unknown) => {
  if (message === 'stop') {
    void stop();
    return;
  }
  if (message !== 'snapshots') return;
  void app.db
    .selectFrom('leaderboard_snapshots')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow()
    .then((row) => process.send?.({ snapshots: Number(row.n) }));
});
process.stdout.write(`${JSON.stringify({ port: address.port, context })}\n`);
