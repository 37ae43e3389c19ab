import { API, CALL_NAMES, ErrorCode } from '@yanzhi/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';
import { admitCall, contextOf, requireUser } from './define-call.js';

/**
 * Calls of the contract whose issue has not landed yet. They check the caller and the input
 * like any call, then answer 50100: a clear refusal, never a made-up success.
 */
export function registerPendingRoutes(app: FastifyInstance): void {
  for (const name of CALL_NAMES) {
    const call = API[name];
    if (call.response !== null) continue;
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
