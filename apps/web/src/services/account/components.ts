/**
 * The account's screens, one chunk fetched on demand (`lazy.tsx`): the sheets and sections that
 * save, show and use a way back into an account.
 */
export { KeepAccountSection } from './KeepAccountSection';
export { RecoveryCodeView } from './RecoveryCodeView';
export { SaveAccountActions } from './SaveAccountActions';
export { SaveAccountOffer } from './SaveAccountOffer';
export { SignInSheet } from './SignInSheet';
