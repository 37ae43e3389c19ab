import { API, type CallName, type CallRequest } from '@yanzhi/contract';
import type { Envelope, TestApp } from './app.js';

/** Calls the API as `app.call` does, from the given client address. */
export async function callFrom<N extends CallName>(
  app: TestApp,
  remoteAddress: string,
  name: N,
  body: CallRequest<N> | Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<Envelope> {
  const response = await app.server.inject({
    method: 'POST',
    url: API[name].path,
    payload: body,
    headers: { 'content-type': 'application/json', ...headers },
    remoteAddress,
  });
  return {
    ...response.json<Omit<Envelope, 'status' | 'response'>>(),
    status: response.statusCode,
    response,
  };
}
