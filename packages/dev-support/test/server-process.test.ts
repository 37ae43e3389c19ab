import { describe, expect, it } from 'vitest';
import { freePort, startServer } from '../src/index.js';

/** A server of a few lines whose /healthz answers once it has waited `delay` ms. */
const tinyServer = (delay: number) => `
  const http = require('node:http');
  setTimeout(() => {
    http.createServer((req, res) => res.writeHead(req.url === '/healthz' ? 200 : 404).end('ok'))
      .listen(Number(process.env.PORT), process.env.HOST);
  }, ${delay});
`;

describe('the server as a child process', () => {
  it('picks a free port', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    expect(port).toBeLessThan(65536);
  });

  it('waits for /healthz, then stops the process', async () => {
    const server = await startServer({ args: ['-e', tinyServer(300)], env: {}, timeoutMs: 10_000 });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await server.stop();
    expect(server.child.exitCode !== null || server.child.signalCode !== null).toBe(true);
  });

  it('fails at once when the process exits during start-up', async () => {
    await expect(
      startServer({ args: ['-e', 'process.exit(3)'], env: {}, timeoutMs: 10_000 }),
    ).rejects.toThrow('server exited during start-up (3)');
  });

  it('gives up after the time limit', async () => {
    await expect(
      startServer({ args: ['-e', tinyServer(60_000)], env: {}, timeoutMs: 500 }),
    ).rejects.toThrow(/not healthy after 500 ms/);
  });
});
