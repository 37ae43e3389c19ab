import type { FastifyInstance } from 'fastify';
import type { RateLimiter } from '../lib/rate-limiter.js';
import type { AuthService } from '../services/auth.service.js';
import { defineCall, requireUser } from './define-call.js';
import { enforcePerMinute } from './rate-limit.js';

export interface AuthRouteOptions {
  auth: AuthService;
  limiter: RateLimiter;
  limits: { loginPerMinute: number; refreshPerMinute: number };
}

export function registerAuthRoutes(app: FastifyInstance, options: AuthRouteOptions): void {
  const { auth, limiter, limits } = options;

  defineCall(app, 'login_by_cookie', async (input, context) => {
    await enforcePerMinute(limiter, `login:${context.ip}`, limits.loginPerMinute);
    return auth.loginByCookie(input.cookie, context.deviceId);
  });

  defineCall(app, 'get_user_info', (input, context) => auth.getUserInfo(context.auth, input.token));

  defineCall(app, 'refresh_session', async (input, context) => {
    await enforcePerMinute(limiter, `refresh:${context.ip}`, limits.refreshPerMinute);
    return auth.refresh(input.refresh_token, context.deviceId);
  });

  defineCall(app, 'sign_out', async (_input, context) => {
    await auth.signOut(requireUser(context.auth));
    return { signed_out: true as const };
  });
}
