import { describe, expect, it } from 'vitest';
import { deviceFromUserAgent } from './device';

describe('device brand and model from the user agent', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      { brand: 'Apple', model: 'iPhone' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; SM-G991B) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36',
      { brand: 'Samsung', model: 'SM-G991B' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 12; M2102J2SC Build/SKQ1.211006.001; wv) AppleWebKit/537.36 MicroMessenger/8.0',
      { brand: 'Xiaomi', model: 'M2102J2SC' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8 Pro) AppleWebKit/537.36 Chrome/120 Mobile',
      { brand: 'Google', model: 'Pixel 8 Pro' },
    ],
    [
      'Mozilla/5.0 (Linux; U; Android 4.0.3; en-us; HTC Sensation Build/IML74K) AppleWebKit/534.30',
      { brand: 'HTC', model: 'HTC Sensation' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36',
      { brand: 'unknown', model: 'unknown' },
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', { brand: 'Apple', model: 'Mac' }],
    ['', { brand: 'unknown', model: 'unknown' }],
  ])('%s', (userAgent, expected) => {
    expect(deviceFromUserAgent(userAgent)).toEqual(expected);
  });

  it('never returns anything but printable ASCII', () => {
    const device = deviceFromUserAgent('Mozilla/5.0 (Linux; Android 13; 华为 P60) Mobile');
    expect(device.model).toMatch(/^[\x20-\x7e]+$/);
    expect(device.brand).toMatch(/^[\x20-\x7e]+$/);
  });
});
