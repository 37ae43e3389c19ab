import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type SpawnedServer } from '@yanzhi/dev-support';

/** The server's entry point, run as a real process by the tests that kill or stop it. */
export const serverEntry = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../src/main.ts',
);

/** Node's arguments that run the server's TypeScript as it is (tsx, the `source` condition). */
export const serverArgs = ['--import', 'tsx', '--conditions=source', serverEntry];

export type ServerProcess = SpawnedServer;

/** Starts the real server (tsx) with the given environment; resolves once /healthz answers. */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  return startServer({ args: serverArgs, env: { LOG_LEVEL: 'warn', ...env }, timeoutMs: 60_000 });
}
