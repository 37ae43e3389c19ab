import { useUserStore } from '../services/user';
import { initLanguage } from '../lib/i18n';
import { ensureDeviceIdentity, getToken } from '../lib/identity';
import { captureQueryParamsFromLocation, type CapturedParams } from '../lib/query-params';
import { registerServiceWorker } from '../lib/service-worker';

/** Start-up, before the first render (spec §2-§4, DESIGN §4). */
export function startApp(): { captured: CapturedParams } {
  // 1. Token, version and device id from the address, then gone from the address bar.
  const captured = captureQueryParamsFromLocation();
  // 2. Device id ("web-" + GUID, kept) and this start's session id ("X_" + GUID).
  ensureDeviceIdentity();
  initLanguage();
  // 3. Service worker (production builds only).
  void registerServiceWorker();
  // 4. The user from local storage, then refreshed from the server when there is a token.
  const { hydrate, refreshUser } = useUserStore.getState();
  hydrate();
  if (getToken() !== null) void refreshUser({ announce: captured.token !== undefined });
  return { captured };
}
