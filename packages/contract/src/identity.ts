import { z } from 'zod';
import { isoDateTimeSchema, sessionSchema, typedLineSchema } from './schemas.js';

/*
 * Standalone identity (ADR 0026): passkeys (WebAuthn) and a one-time recovery code, so a visitor
 * of the standalone web app can come back to an account on any device. The WebAuthn shapes are
 * the JSON forms of the W3C WebAuthn Level 3 dictionaries (base64url strings for buffers), as
 * `@simplewebauthn/server` produces and `@simplewebauthn/browser` takes; the server and the web
 * app each check at compile time that these types and the library's agree.
 */

const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, 'expected base64url');
const credentialType = z.literal('public-key');
/** AuthenticatorTransportFuture. */
const transports = z
  .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
  .max(8);
const extensions = z.record(z.string(), z.unknown());

const credentialDescriptorSchema = z.object({
  id: base64url,
  type: credentialType,
  transports: transports.optional(),
});

/** PublicKeyCredentialCreationOptionsJSON. */
export const passkeyCreationOptionsSchema = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: base64url, name: z.string(), displayName: z.string() }),
  challenge: base64url,
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: credentialType })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  attestationFormats: z
    .array(
      z.enum(['fido-u2f', 'packed', 'android-safetynet', 'android-key', 'tpm', 'apple', 'none']),
    )
    .optional(),
  extensions: extensions.optional(),
});
export type PasskeyCreationOptions = z.infer<typeof passkeyCreationOptionsSchema>;

/** PublicKeyCredentialRequestOptionsJSON. */
export const passkeyRequestOptionsSchema = z.object({
  challenge: base64url,
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptorSchema).optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
  extensions: extensions.optional(),
});
export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptionsSchema>;

const clientExtensionResultsSchema = z.object({
  credProps: z.object({ rk: z.boolean().optional() }).optional(),
});
const authenticatorAttachment = z.enum(['platform', 'cross-platform']).optional();

/** RegistrationResponseJSON: what `navigator.credentials.create` gave, as JSON. */
export const passkeyRegistrationResponseSchema = z.object({
  id: base64url,
  rawId: base64url,
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: z.array(z.string().max(32)).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
  authenticatorAttachment,
  /** Of the extensions' outputs only credProps (is it discoverable?) is kept. */
  clientExtensionResults: clientExtensionResultsSchema,
  type: credentialType,
});
export type PasskeyRegistrationResponse = z.infer<typeof passkeyRegistrationResponseSchema>;

/** AuthenticationResponseJSON: what `navigator.credentials.get` gave, as JSON. */
export const passkeyAuthenticationResponseSchema = z.object({
  id: base64url,
  rawId: base64url,
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  authenticatorAttachment,
  /** Of the extensions' outputs only credProps (is it discoverable?) is kept. */
  clientExtensionResults: clientExtensionResultsSchema,
  type: credentialType,
});
export type PasskeyAuthenticationResponse = z.infer<typeof passkeyAuthenticationResponseSchema>;

/** One ceremony: its id ties the browser's answer to the challenge the server issued. */
const ceremonyIdSchema = z.string().min(1).max(128);

/** A passkey of the signed-in user, as listed on the profile. */
export const passkeyInfoSchema = z.object({
  id: z.number().int(),
  /** The name the user gave it, or the one the server derived from the authenticator. */
  name: z.string(),
  created_at: isoDateTimeSchema,
  /** When it last signed in; null if never since it was saved. */
  last_used_at: isoDateTimeSchema.nullable(),
});
export type PasskeyInfo = z.infer<typeof passkeyInfoSchema>;

export const beginPasskeyRegistrationResponseSchema = z.object({
  ceremony_id: ceremonyIdSchema,
  options: passkeyCreationOptionsSchema,
});
export const finishPasskeyRegistrationRequestSchema = z.object({
  ceremony_id: ceremonyIdSchema,
  credential: passkeyRegistrationResponseSchema,
  name: typedLineSchema(40).nullish(),
});
export const finishPasskeyRegistrationResponseSchema = z.object({ passkey: passkeyInfoSchema });

export const beginPasskeySignInResponseSchema = z.object({
  ceremony_id: ceremonyIdSchema,
  options: passkeyRequestOptionsSchema,
});
export const finishPasskeySignInRequestSchema = z.object({
  ceremony_id: ceremonyIdSchema,
  credential: passkeyAuthenticationResponseSchema,
});

export const deletePasskeyRequestSchema = z.object({
  passkey_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export const deletePasskeyResponseSchema = z.object({
  deleted: z.literal(true),
  /** Passkeys the account still has. */
  remaining: z.number().int(),
});

/**
 * A recovery code as the user writes it down: six groups of four characters of Crockford's
 * base32, e.g. `K7QM-2XWD-…`. Input is read leniently (case, spaces, `-`, O for 0, I/L for 1).
 */
export const RECOVERY_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){5}$/;
export const recoveryCodeSchema = z.object({
  /** Shown once; the server keeps only a slow hash of it. */
  code: z.string().regex(RECOVERY_CODE_PATTERN),
  created_at: isoDateTimeSchema,
});
export type RecoveryCode = z.infer<typeof recoveryCodeSchema>;

export const signInWithRecoveryCodeRequestSchema = z.object({
  code: z.string().min(1).max(64),
});
/** The used code is spent: the session comes with its replacement, to be shown once. */
export const recoveryCodeSessionSchema = sessionSchema.extend({
  recovery_code: recoveryCodeSchema,
});
export type RecoveryCodeSession = z.infer<typeof recoveryCodeSessionSchema>;

/** How the signed-in user can come back to this account on another device or after signing out. */
export const signInMethodsSchema = z.object({
  passkeys: z.array(passkeyInfoSchema),
  /** When the current recovery code was made; null when there is none. */
  recovery_code_created_at: isoDateTimeSchema.nullable(),
  /** The account belongs to the native host's user: reopening from the host app signs in. */
  host_linked: z.boolean(),
  /** Any way back at all (a passkey, a recovery code or the host). */
  can_return: z.boolean(),
  /** Photos the account has (active or in review): what would be stranded with no way back. */
  photo_count: z.number().int(),
});
export type SignInMethods = z.infer<typeof signInMethodsSchema>;
