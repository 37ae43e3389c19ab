import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import type { PasskeyService } from '../services/passkey.service.js';
import type { RecoveryCodeService } from '../services/recovery-code.service.js';
import type { SignInMethodsService } from '../services/sign-in-methods.service.js';
import { defineCall, requireUser, type CallContext } from './define-call.js';
import { enforcePerHour, enforcePerMinute } from './rate-limit.js';
import { requestOrigin } from './request-origin.js';

export interface IdentityRouteOptions {
  passkeys: PasskeyService;
  recoveryCodes: RecoveryCodeService;
  signInMethods: SignInMethodsService;
  limiter: RateLimiter;
  limits: Config['rateLimits'];
}

function placeOf(context: CallContext) {
  return { requestOrigin: requestOrigin(context.request), language: context.language };
}

/** Standalone identity (ADR 0026): passkeys, the recovery code and the ways back in. */
export function registerIdentityRoutes(app: FastifyInstance, options: IdentityRouteOptions): void {
  const { passkeys, recoveryCodes, signInMethods, limiter, limits } = options;

  defineCall(app, 'get_sign_in_methods', (_input, context) =>
    signInMethods.of(requireUser(context.auth).user),
  );

  defineCall(app, 'begin_passkey_registration', (_input, context) =>
    passkeys.beginRegistration(requireUser(context.auth).user, placeOf(context)),
  );

  defineCall(app, 'finish_passkey_registration', async (input, context) => ({
    passkey: await passkeys.finishRegistration(
      requireUser(context.auth).user,
      { ceremonyId: input.ceremony_id, credential: input.credential, name: input.name ?? null },
      placeOf(context),
    ),
  }));

  // Signing in is counted per address like login_by_cookie; a ceremony is a row to write.
  defineCall(app, 'begin_passkey_sign_in', async (_input, context) => {
    await enforcePerMinute(limiter, `passkey:${context.ip}`, limits.loginPerMinute);
    return passkeys.beginSignIn(placeOf(context));
  });

  defineCall(app, 'finish_passkey_sign_in', async (input, context) => {
    await enforcePerMinute(limiter, `passkey:${context.ip}`, limits.loginPerMinute);
    return passkeys.finishSignIn(
      { ceremonyId: input.ceremony_id, credential: input.credential },
      placeOf(context),
      context.deviceId,
    );
  });

  defineCall(app, 'delete_passkey', (input, context) =>
    passkeys.delete(requireUser(context.auth).user.id, input.passkey_id),
  );

  defineCall(app, 'create_recovery_code', (_input, context) =>
    recoveryCodes.create(requireUser(context.auth).user.id),
  );

  // Every attempt is counted, and its outcome logged with the address, never the code.
  defineCall(app, 'sign_in_with_recovery_code', async (input, context) => {
    const log = context.request.log;
    try {
      await enforcePerHour(limiter, `recovery:${context.ip}`, limits.recoveryPerHourIp);
      const session = await recoveryCodes.signIn(input.code, context.deviceId);
      log.info(
        { recovery: 'accepted', address: context.ip, userId: session.userInfo.id },
        'recovery code sign-in',
      );
      return session;
    } catch (error) {
      const refusal = error instanceof AppError ? error.code : 'error';
      log.warn({ recovery: 'refused', address: context.ip, refusal }, 'recovery code sign-in');
      throw error;
    }
  });
}
