import { DEVICE_SECRET_COOKIE, DEVICE_SECRET_HEADER } from '@yanzhi/contract';
import { describe, expect, it } from 'vitest';
import { DeviceJar, deviceOfBody, deviceOfRequest, withDeviceCookie } from '../src/device-jar.js';

describe('DeviceJar', () => {
  it('gives each device one secret of its own, from its first call on', () => {
    const jar = new DeviceJar();
    const a = jar.secretOf('device-a');
    expect(a).toMatch(/^[\w-]{22}$/);
    expect(jar.secretOf('device-a')).toBe(a);
    expect(jar.secretOf('device-b')).not.toBe(a);
    expect(jar.cookieOf('device-a')).toBe(`${DEVICE_SECRET_COOKIE}=${a}`);
  });

  it("keeps the secret the server sets, as inject's lines or fetch's joined header", () => {
    const jar = new DeviceJar();
    jar.keep('d', [`other=1; Path=/`, `${DEVICE_SECRET_COOKIE}=issued-1; Path=/; HttpOnly`]);
    expect(jar.secretOf('d')).toBe('issued-1');
    jar.keep(
      'd',
      `other=1; Expires=Wed, 21 Oct 2037 07:28:00 GMT, ${DEVICE_SECRET_COOKIE}=issued-2; Path=/`,
    );
    expect(jar.secretOf('d')).toBe('issued-2');
    // Another cookie whose name ends like the device's is not it; nothing set keeps the secret.
    jar.keep('d', `x${DEVICE_SECRET_COOKIE}=not-it; Path=/`);
    jar.keep('d', undefined);
    jar.keep(null, `${DEVICE_SECRET_COOKIE}=nobody`);
    expect(jar.secretOf('d')).toBe('issued-2');
  });

  it('adds the cookie unless the call already says what it presents', () => {
    const jar = new DeviceJar();
    const json = { 'content-type': 'application/json' };
    expect(jar.headers('d', json)).toEqual({ ...json, cookie: jar.cookieOf('d') });
    expect(jar.headers(null, json)).toBe(json);
    const own = { Cookie: '' };
    expect(jar.headers('d', own)).toBe(own);
    const secret = { [DEVICE_SECRET_HEADER.toUpperCase()]: 'mine' };
    expect(jar.headers('d', secret)).toBe(secret);
  });
});

describe('the device a call speaks for', () => {
  it('is the body’s anonymous_id, as an object, JSON text or a form', () => {
    expect(deviceOfBody({ anonymous_id: ' abc ' })).toBe('abc');
    expect(deviceOfBody('{"anonymous_id":"abc"}')).toBe('abc');
    const form = new FormData();
    form.set('anonymous_id', 'abc');
    expect(deviceOfBody(form)).toBe('abc');
    for (const none of [{}, { anonymous_id: ' ' }, { anonymous_id: 7 }, 'not json', null]) {
      expect(deviceOfBody(none)).toBeNull();
    }
    expect(deviceOfBody(Buffer.from('{"anonymous_id":"abc"}'))).toBeNull();
  });

  it('is the device-id header first, whatever its case', () => {
    expect(deviceOfRequest({ 'Device-Id': 'from-header' }, { anonymous_id: 'body' })).toBe(
      'from-header',
    );
    expect(deviceOfRequest({ 'device-id': '' }, { anonymous_id: 'body' })).toBe('body');
    const jar = new DeviceJar();
    expect(withDeviceCookie(jar, { 'device-id': 'h' }, null)).toEqual({
      'device-id': 'h',
      cookie: jar.cookieOf('h'),
    });
  });
});
