import { describe, expect, it } from 'vitest';
import {
  decodeFitDelta,
  encodeFitDelta,
  fitStateAt,
  type FitDelta,
} from '../../src/workers/fit-delta.js';

/**
 * An increment's fit states travel packed from its commit to their table (ADR 0029): what is
 * folded must be exactly what the increment computed, nulls and all.
 */
describe('fit deltas', () => {
  const delta: FitDelta = {
    ids: Float64Array.of(7, 9, 2_000_000_001),
    mu: Float64Array.of(0.123456789012345, -1.5e-9, 3),
    precision: Float64Array.of(41.5, 1, 2),
    evidence: Float64Array.of(12.25, 1, 2),
    recordedDay: ['2026-11-29', null, '2026-11-28'],
    recordedScore: Float64Array.of(612, Number.NaN, 0),
    record: Float64Array.of(612, Number.NaN, 0),
  };

  it('unpacks exactly what it packed', () => {
    const decoded = decodeFitDelta(encodeFitDelta(delta));
    expect(decoded).toEqual(delta);
    expect([0, 1, 2].map((i) => fitStateAt(decoded, i))).toEqual([
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
    ]);
  });

  it('packs columns that are views into larger buffers', () => {
    const wide = new Float64Array(10).fill(5);
    const view = wide.subarray(4, 7);
    const packed = encodeFitDelta({ ...delta, mu: view });
    expect(decodeFitDelta(packed).mu).toEqual(Float64Array.of(5, 5, 5));
  });

  it('unpacks bytes that do not start a buffer, as a database driver may hand them', () => {
    const packed = encodeFitDelta(delta);
    const shifted = new Uint8Array(packed.length + 3);
    shifted.set(packed, 3);
    expect(decodeFitDelta(shifted.subarray(3))).toEqual(delta);
  });

  it('packs no photos', () => {
    const none = new Float64Array(0);
    const empty: FitDelta = {
      ids: none,
      mu: none,
      precision: none,
      evidence: none,
      recordedDay: [],
      recordedScore: none,
      record: none,
    };
    expect(decodeFitDelta(encodeFitDelta(empty))).toEqual(empty);
  });

  it('refuses columns of unequal length, and bytes it did not make', () => {
    expect(() => encodeFitDelta({ ...delta, record: Float64Array.of(1) })).toThrow(/unequal/);
    const packed = encodeFitDelta(delta);
    expect(() => decodeFitDelta(packed.subarray(0, packed.length - 8))).toThrow(/fit delta/);
    expect(() => decodeFitDelta(new Uint8Array(3))).toThrow(/fit delta/);
    // Another byte order's mark.
    const swapped = new Uint8Array(packed);
    swapped.set(new Uint8Array(packed.subarray(8, 16)).reverse(), 8);
    expect(() => decodeFitDelta(swapped)).toThrow(/byte order/);
  });
});
