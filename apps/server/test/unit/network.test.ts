import { describe, expect, it } from 'vitest';
import { neighbourhoodOf } from '../../src/domain/network.js';

describe('neighbourhoodOf', () => {
  it('groups IPv4 addresses by their /24', () => {
    expect(neighbourhoodOf('203.0.113.7')).toBe('v4:203.0.113');
    expect(neighbourhoodOf('203.0.113.250')).toBe(neighbourhoodOf('203.0.113.7'));
    expect(neighbourhoodOf('203.0.114.7')).not.toBe(neighbourhoodOf('203.0.113.7'));
  });

  it('treats an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(neighbourhoodOf('::ffff:203.0.113.7')).toBe('v4:203.0.113');
    expect(neighbourhoodOf('::ffff:cb00:7107')).toBe('v4:203.0.113');
  });

  it('groups IPv6 addresses by their /64, however they are written', () => {
    expect(neighbourhoodOf('2001:db8:1:2::1')).toBe('v6:2001:db8:1:2');
    expect(neighbourhoodOf('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('v6:2001:db8:1:2');
    expect(neighbourhoodOf('2001:db8:1:3::1')).not.toBe(neighbourhoodOf('2001:db8:1:2::1'));
    expect(neighbourhoodOf('::1')).toBe('v6:0:0:0:0');
    expect(neighbourhoodOf('fe80::1%eth0')).toBe('v6:fe80:0:0:0');
  });

  it('keeps anything else apart, bounded in length', () => {
    expect(neighbourhoodOf('unknown')).toBe('other:unknown');
    expect(neighbourhoodOf('x'.repeat(500))).toHaveLength(70);
  });
});
