import { lazy, type ComponentType } from 'react';
import { firstScreenSettled } from '../../lib/after-first-screen';
import type * as Components from './components';

const load = () => import('./components');

// No first screen shows these: a guest's profile offers "sign in", a signed-in one keeps its
// account below the fold, an upload offers saving only once sent. Their code (and the passkey
// and recovery-code styles) comes once the first screen has settled, or when one is shown.
void firstScreenSettled().then(load);

type Module = typeof Components;

/**
 * One of the account's screens, which suspends until its chunk is here: the caller's Suspense
 * boundary says what shows meanwhile, so a sheet never grows buttons under a finger.
 */
function deferred<Props extends object>(pick: (module: Module) => ComponentType<Props>) {
  return lazy(async () => ({ default: pick(await load()) }));
}

export const SignInSheet = deferred((module) => module.SignInSheet);
export const SaveAccountOffer = deferred((module) => module.SaveAccountOffer);
export const SaveAccountActions = deferred((module) => module.SaveAccountActions);
export const RecoveryCodeView = deferred((module) => module.RecoveryCodeView);
export const KeepAccountSection = deferred((module) => module.KeepAccountSection);
