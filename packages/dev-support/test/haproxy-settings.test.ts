import { describe, expect, it } from 'vitest';
import { haproxySettings } from '../src/haproxy.js';

describe('haproxySettings', () => {
  it("reads the shipped configuration's defaults, each overridden by the environment", () => {
    const defaults = haproxySettings({});
    // The defaults ADR 0028 documents; a change to deploy/haproxy.cfg shows here.
    expect(defaults).toMatchObject({
      PROXY_INSTANCE_MAXCONN: '32',
      PROXY_QUEUE_MAX: '64',
      PROXY_QUEUE_TIMEOUT: '2s',
      PROXY_MAXCONN: '8000',
    });
    const set = haproxySettings({ PROXY_QUEUE_MAX: '5', UNRELATED: 'x' });
    expect(set.PROXY_QUEUE_MAX).toBe('5');
    expect(set.PROXY_INSTANCE_MAXCONN).toBe('32');
    expect(set).not.toHaveProperty('UNRELATED');
  });
});
