import { deviceFromUserAgent } from '../../lib/device';
import type { AccountTranslate } from './texts';

/** Browsers by their user-agent marks, most specific first (Edge and in-app browsers say Chrome too). */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/MicroMessenger/i, 'WeChat'],
  [/EdgA?\/|EdgiOS/, 'Edge'],
  [/SamsungBrowser/, 'Samsung Internet'],
  [/Firefox\/|FxiOS/, 'Firefox'],
  [/Chrome\/|CriOS/, 'Chrome'],
  [/Safari\//, 'Safari'],
];

/** What a browser is called in the language: only WeChat has a Chinese name of its own. */
function browserName(userAgent: string, t: AccountTranslate): string | null {
  const found = BROWSERS.find(([mark]) => mark.test(userAgent))?.[1] ?? null;
  return found === 'WeChat' ? t('account.wechat') : found;
}

/**
 * The name a new passkey is saved under, so the list says which device holds it: "Safari on
 * iPhone", in the user's language. The server keeps at most 40 characters.
 */
export function passkeyName(userAgent: string, t: AccountTranslate): string {
  const { model } = deviceFromUserAgent(userAgent);
  const device = model === 'unknown' ? (/Android/i.test(userAgent) ? 'Android' : null) : model;
  const browser = browserName(userAgent, t);
  let name: string;
  if (device !== null && browser !== null) name = t('account.passkeyName', { device, browser });
  else name = device ?? browser ?? t('account.passkeyNameDefault');
  return name.slice(0, 40);
}
