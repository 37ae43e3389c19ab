import {
  REPORT_DEFAULT_NOTES,
  REPORT_DEFAULT_USER_ID,
  type CallRequest,
  type ReportReason,
} from '@yanzhi/contract';
import { callApi } from '../../../lib/api-client';

export interface ReportInput {
  photo_id: number;
  reason: ReportReason;
  notes?: string;
  user_id?: number | string | null;
}

/** Reports a photo (spec §7); user_id defaults to '1' and notes to empty (spec §5). */
export function submitReport(input: ReportInput) {
  const body: CallRequest<'submit_photo_report'> = {
    photo_id: input.photo_id,
    reason: input.reason,
    notes: input.notes ?? REPORT_DEFAULT_NOTES,
    user_id: input.user_id ?? REPORT_DEFAULT_USER_ID,
  };
  return callApi('submit_photo_report', body);
}
