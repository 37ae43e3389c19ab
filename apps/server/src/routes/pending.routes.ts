import { API, CALL_NAMES, ErrorCode } from '@yanzhi/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';
import { admitCall, contextOf, requireUser } from './define-call.js';

/**
 * Calls of the contract that no route answers yet (registered last, after every real route). They check the caller and the input
 * like any call, then answer 50100: a clear refusal, never a made-up success.
 */
export function registerPendingRoutes(app: FastifyInstance): void {
  for (const name of CALL_NAMES) {
    const call = API[name];
    if (app.hasRoute({ method: 'POST', url: call.path })) continue;
    app.post(call.path, (request) => {
      if (request.isMultipart()) {
        // Multipart fields are read by the owning issue's handler; only the caller is checked.
        if (call.auth === 'required') requireUser(contextOf(request).auth);
      } else {
        admitCall(name, request, request.body);
      }
      return Promise.reject(new AppError(ErrorCode.NOT_AVAILABLE_YET));
    });
  }
}
