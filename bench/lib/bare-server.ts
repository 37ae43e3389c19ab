// A bare Fastify JSON endpoint in its own process: the framework's floor for comparison.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/bare', () => ({ code: 0, msg: 'ok', data: { pair_id: 'x', photos: [] } }));
app.get('/healthz', () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
