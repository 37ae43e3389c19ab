/** The arena's sheets, a chunk of their own: they open on a tap, never in the first paint. */
export { PhotoViewer } from './PhotoViewer';
export { ReportSheet } from './ReportSheet';
