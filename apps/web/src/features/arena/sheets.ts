/**
 * The arena's sheets, a chunk of their own: they open on a tap, never in the first paint; and
 * the unlock's next step, shown only once a newcomer's 10th vote is in.
 */
export { PhotoViewer } from './PhotoViewer';
export { ReportSheet } from './ReportSheet';
export { UnlockDone } from './UnlockDone';
