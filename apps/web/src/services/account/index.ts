export { accountKeys, useSignInMethods } from './api/get-sign-in-methods';
// The screens are a chunk of their own, fetched when shown or once the first screen settled:
// each suspends until it is here, inside a Suspense boundary of the caller.
export {
  KeepAccountSection,
  RecoveryCodeView,
  SaveAccountActions,
  SaveAccountOffer,
  SignInSheet,
} from './lazy';
export { passkeysSupported } from './webauthn';
export { accountTranslate, useAccountText, type AccountTranslate } from './texts';
