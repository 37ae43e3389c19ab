import { describe, expect, it } from 'vitest';
import { decodeFitDelta, encodeFitDelta, type FitDelta } from '../../src/workers/fit-delta.js';

/**
 * An increment's fit states travel packed from its commit to their table (ADR 0029): what is
 * folded must be exactly what the increment computed, nulls and all.
 */
describe('fit deltas', () => {
  const delta: FitDelta = {
    states: [
      {
        id: 7,
        fit_mu: 0.123456789012345,
        fit_precision: 41.5,
        fit_evidence: 12.25,
        recorded_day: '2026-11-29',
        recorded_score: 612,
      },
      {
        id: 9,
        fit_mu: -1.5e-9,
        fit_precision: 1,
        fit_evidence: 1,
        recorded_day: null,
        recorded_score: null,
      },
      {
        id: 2_000_000_001,
        fit_mu: 3,
        fit_precision: 2,
        fit_evidence: 2,
        recorded_day: '2026-11-28',
        recorded_score: 0,
      },
    ],
    record: [612, null, 0],
  };

  it('unpacks exactly what it packed', () => {
    expect(decodeFitDelta(encodeFitDelta(delta))).toEqual(delta);
  });

  it('unpacks bytes that do not start a buffer, as a database driver may hand them', () => {
    const packed = encodeFitDelta(delta);
    const shifted = new Uint8Array(packed.length + 3);
    shifted.set(packed, 3);
    expect(decodeFitDelta(shifted.subarray(3))).toEqual(delta);
  });

  it('packs no photos', () => {
    expect(decodeFitDelta(encodeFitDelta({ states: [], record: [] }))).toEqual({
      states: [],
      record: [],
    });
  });

  it('refuses bytes it did not make', () => {
    const packed = encodeFitDelta(delta);
    expect(() => decodeFitDelta(packed.subarray(0, packed.length - 8))).toThrow(/fit delta/);
    expect(() => decodeFitDelta(new Uint8Array(3))).toThrow(/fit delta/);
    // Another byte order's mark.
    const swapped = new Uint8Array(packed);
    swapped.set(new Uint8Array(packed.subarray(8, 16)).reverse(), 8);
    expect(() => decodeFitDelta(swapped)).toThrow(/byte order/);
  });
});
