export { accountKeys, useSignInMethods } from './api/get-sign-in-methods';
export { KeepAccountSection } from './KeepAccountSection';
export { RecoveryCodeView } from './RecoveryCodeView';
export { SaveAccountActions } from './SaveAccountActions';
export { SaveAccountOffer } from './SaveAccountOffer';
export { SignInSheet } from './SignInSheet';
export { passkeysSupported } from './webauthn';
export { accountTranslate, useAccountText, type AccountTranslate } from './texts';
