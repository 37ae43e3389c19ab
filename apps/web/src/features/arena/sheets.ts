/**
 * The arena's sheets, a chunk of their own: they open on a tap, never in the first paint; with
 * what only a later moment of the visit shows: the unlock's next step (after a newcomer's 10th
 * vote) and the fuel pill's count-up (when the balance changes).
 */
export { CountedFuelPill } from '../../components/CountedFuelPill';
export { PhotoViewer } from './PhotoViewer';
export { ReportSheet } from './ReportSheet';
export { UnlockDone } from './UnlockDone';
