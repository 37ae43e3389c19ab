export { REPORT_TEXTS, type ReportTextKey } from './texts-data';
