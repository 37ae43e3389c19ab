import type { PhotoCard } from '@yanzhi/contract';
import { REPORT_REASONS, type ReportReason } from '@yanzhi/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type SubmitEvent } from 'react';
import { RadioGroup } from '../../components/RadioGroup';
import { SheetActions } from '../../components/SheetActions';
import { Sheet } from '../../components/Sheet';
import { describeError } from '../../lib/error-text';
import { usePageTexts } from '../../lib/i18n/page-texts';
import { REPORT_TEXTS } from '../../services/report';
import { placeholderStyle } from '../../lib/placeholder';
import { toast } from '../../services/toasts';
import { useUserStore } from '../../services/user';
import { submitReport } from './api/submit-report';

/** The notes limit of the report call. */
export const REPORT_NOTES_MAX = 500;

interface ReportSheetProps {
  photo: PhotoCard;
  /** 1 or 2: which photo of the pair, as the voter sees it. */
  n: number;
  onClose: () => void;
}

/** The bottom sheet that reports a photo: a reason, optional notes, send. */
export function ReportSheet({ photo, n, onClose }: ReportSheetProps) {
  const t = usePageTexts(REPORT_TEXTS);
  const titleId = useId();
  const notesId = useId();
  const userId = useUserStore((state) => state.user?.id ?? null);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [notes, setNotes] = useState('');
  const report = useMutation({
    mutationFn: (chosen: ReportReason) =>
      submitReport({
        photo_id: photo.id,
        reason: chosen,
        notes: notes.trim(),
        user_id: userId ?? undefined,
      }),
    onSuccess: () => {
      toast.success(t('report.sent'));
      onClose();
    },
  });

  const send = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason === null || report.isPending) return;
    report.mutate(reason);
  };

  return (
    <Sheet onClose={onClose} labelledBy={titleId} testId="report-sheet">
      <form className="report" onSubmit={send}>
        <div className="report__head">
          {/* Which photo is being reported, at a glance: the heading names it by its place. */}
          <img
            className="report__thumb"
            src={photo.image.thumb_url}
            width={48}
            height={64}
            alt=""
            data-testid="report-thumb"
            style={placeholderStyle(photo.image.placeholder)}
          />
          <h2 id={titleId} className="report__title">
            {t('report.title', { n })}
          </h2>
        </div>
        <RadioGroup
          name="reason"
          options={REPORT_REASONS}
          value={reason}
          onChange={setReason}
          legend={t('report.reasonLegend')}
          className="report__reasons"
          legendClassName="report__legend"
          optionClassName="report__reason"
          renderOption={(value) => <span>{t(`report.reason.${value}`)}</span>}
        />
        <label className="report__notes-label" htmlFor={notesId}>
          {t('report.notes')}
        </label>
        <textarea
          id={notesId}
          className="report__notes"
          rows={3}
          maxLength={REPORT_NOTES_MAX}
          value={notes}
          onChange={(event) => {
            setNotes(event.target.value.slice(0, REPORT_NOTES_MAX));
          }}
        />
        <span className="report__count tabular" aria-hidden="true">
          {notes.length}/{REPORT_NOTES_MAX}
        </span>
        <SheetActions
          block="report"
          error={report.isError ? describeError(report.error, t) : null}
          cancelLabel={t('report.cancel')}
          onCancel={onClose}
          confirmLabel={report.isPending ? t('report.sending') : t('report.submit')}
          confirmDisabled={reason === null || report.isPending}
        />
      </form>
    </Sheet>
  );
}
