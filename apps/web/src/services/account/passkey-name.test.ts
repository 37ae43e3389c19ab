import { describe, expect, it } from 'vitest';
import { passkeyName } from './passkey-name';
import { accountTranslate } from './texts';

const zh = accountTranslate('zh-CN');
const en = accountTranslate('en');

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const PIXEL =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const WECHAT =
  'Mozilla/5.0 (Linux; Android 13; V2227A Build/TP1A; wv) AppleWebKit/537.36 Chrome/107.0 Mobile Safari/537.36 MicroMessenger/8.0.47';

describe('the name a new passkey is saved under', () => {
  it('names the device and the browser in the language of the page', () => {
    expect(passkeyName(IPHONE, zh)).toBe('iPhone 上的 Safari');
    expect(passkeyName(IPHONE, en)).toBe('Safari on iPhone');
    expect(passkeyName(PIXEL, en)).toBe('Chrome on Pixel 7');
    expect(passkeyName(WECHAT, zh)).toBe('V2227A 上的 微信');
  });

  it('falls back to what it knows, and to "this device"', () => {
    expect(passkeyName('Mozilla/5.0 (X11; Linux x86_64) Firefox/131.0', en)).toBe('Firefox');
    expect(passkeyName('curl/8', zh)).toBe('这台设备');
  });
});
