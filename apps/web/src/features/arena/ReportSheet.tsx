import type { PhotoCard } from '@yanzhi/contract';
import { REPORT_REASONS, type ReportReason } from '@yanzhi/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '../../components/Button';
import { Sheet } from '../../components/Sheet';
import { describeError } from '../../lib/error-text';
import { useT } from '../../lib/i18n';
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
  const t = useT();
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
        <h2 id={titleId} className="report__title">
          {t('report.title', { n })}
        </h2>
        <fieldset className="report__reasons">
          <legend className="report__legend">{t('report.reasonLegend')}</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className="report__reason">
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                }}
              />
              <span>{t(`report.reason.${value}`)}</span>
            </label>
          ))}
        </fieldset>
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
        {report.isError ? (
          <p className="report__error" role="alert">
            {describeError(report.error, t)}
          </p>
        ) : null}
        <div className="report__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('report.cancel')}
          </Button>
          <Button type="submit" disabled={reason === null || report.isPending}>
            {report.isPending ? t('report.sending') : t('report.submit')}
          </Button>
        </div>
      </form>
    </Sheet>
  );
}
