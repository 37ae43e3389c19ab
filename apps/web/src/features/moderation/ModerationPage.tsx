import type { ModerationReport, ReportReason } from '@yanzhi/contract';
import { Button, ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Skeleton } from '../../components/Skeleton';
import { usePageTexts, type PageTexts, type PageTranslate } from '../../lib/i18n/page-texts';
import { toast } from '../../services/toasts';
import { useUserStore } from '../../services/user';
import { useModerationQueue } from './api/get-moderation-queue';
import { useModeratePhoto, type ModerationDecision } from './api/moderate-photo';
import './moderation.css';
import { useModerationText } from './texts';
import { MODERATION_PAGE_TEXTS, type ModerationPageTextKey } from './texts-data';
import { REPORT_TEXTS, type ReportTextKey } from '../../services/report';

type PageTextKey = ModerationPageTextKey | ReportTextKey;

/** The page's texts and the report reasons (the report sheet's), both out of the first download. */
const PAGE_TEXTS: PageTexts<PageTextKey> = {
  'zh-CN': { ...REPORT_TEXTS['zh-CN'], ...MODERATION_PAGE_TEXTS['zh-CN'] },
  en: { ...REPORT_TEXTS.en, ...MODERATION_PAGE_TEXTS.en },
};

function useT(): PageTranslate<PageTextKey> {
  return usePageTexts(PAGE_TEXTS);
}

const DECISIONS: readonly { decision: ModerationDecision; label: ModerationPageTextKey }[] = [
  { decision: 'keep', label: 'moderation.keep' },
  { decision: 'remove', label: 'moderation.remove' },
  { decision: 'ban', label: 'moderation.ban' },
];

/** A report's reason, with the reporter's own words when a host client sent free text. */
function ReasonOf({ report }: { report: ModerationReport }) {
  const t = useT();
  const text = useModerationText();
  const label = t(`report.reason.${report.reason as ReportReason}`);
  return report.reason_text === null
    ? label
    : text('reasonText', { reason: label, text: report.reason_text });
}

/** Who reported from where, and whether the report counted towards hiding (ADR 0023). */
function Reporter({ report }: { report: ModerationReport }) {
  const text = useModerationText();
  const who =
    report.reporter_user_id !== null
      ? text('user', { id: report.reporter_user_id })
      : report.reporter_anonymous_id !== null
        ? text('anonymous', { id: report.reporter_anonymous_id })
        : text('gone');
  const where = [report.neighbourhood, report.address ?? text('addressForgotten')]
    .filter((part) => part !== null)
    .join(' · ');
  return (
    <li className="moderation__reporter">
      <span className={report.with_standing ? 'moderation__standing' : undefined}>
        {text(report.with_standing ? 'withStanding' : 'withoutStanding')}
      </span>{' '}
      {who} · {where} · <ReasonOf report={report} /> ·{' '}
      <time dateTime={report.created_at}>{new Date(report.created_at).toLocaleString()}</time>
    </li>
  );
}

/** The review queue of reported photos, for moderators (DESIGN §7). */
export function ModerationPage() {
  const t = useT();
  const text = useModerationText();
  const role = useUserStore((state) => state.user?.role ?? null);
  const isModerator = role === 'moderator' || role === 'admin';
  const queue = useModerationQueue(1, isModerator);
  const moderate = useModeratePhoto();

  if (!isModerator) {
    return (
      <div className="page">
        <h1 className="page__title">{t('moderation.title')}</h1>
        <EmptyState
          icon="flag"
          title={t('moderation.onlyModerators')}
          action={<ButtonLink to="/">{t('common.backHome')}</ButtonLink>}
        />
      </div>
    );
  }

  const decide = (photoId: number, decision: ModerationDecision) => {
    moderate.mutate(
      { photoId, decision },
      {
        onSuccess: () => toast.success(t('moderation.done')),
        onError: (error) => toast.error(error.message),
      },
    );
  };

  return (
    <div className="page">
      <h1 className="page__title">{t('moderation.title')}</h1>
      {queue.isPending ? (
        <Skeleton height="160px" />
      ) : queue.isError ? (
        <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />
      ) : queue.data.items.length === 0 ? (
        <EmptyState icon="flag" title={t('moderation.empty')} role="status" />
      ) : (
        <ul className="moderation__list">
          {queue.data.items.map((item) => (
            <li key={item.photo_id} className="moderation__item" data-testid="moderation-item">
              <img
                className="moderation__photo"
                src={item.image.thumb_url}
                width={120}
                height={160}
                alt={t('moderation.photoAlt', { id: item.photo_id })}
              />
              <div className="moderation__details">
                <p className="moderation__owner">
                  {item.owner_name} · {t('moderation.reports', { count: item.report_count })}
                  {item.state === 'hidden' ? ` · ${t('moderation.hidden')}` : ''}
                </p>
                <ul className="moderation__reasons">
                  {item.reasons.map((reason) => (
                    <li key={reason.reason}>
                      {t(`report.reason.${reason.reason as ReportReason}`)} × {reason.count}
                    </li>
                  ))}
                </ul>
                <p className="moderation__note">
                  {text('standing', {
                    count: item.standing_neighbourhoods,
                    threshold: item.hide_threshold,
                  })}
                </p>
                <details className="moderation__reporters">
                  <summary>{text('reporters')}</summary>
                  <ul>
                    {item.reports.map((report) => (
                      <Reporter key={report.report_id} report={report} />
                    ))}
                  </ul>
                </details>
                {item.reports.map((report) =>
                  report.reason_text === null ? null : (
                    <p key={report.report_id} className="moderation__note">
                      <ReasonOf report={report} />
                    </p>
                  ),
                )}
                {item.notes.map((note, index) => (
                  <p key={index} className="moderation__note">
                    “{note}”
                  </p>
                ))}
                <div className="moderation__actions">
                  {DECISIONS.map(({ decision, label }) => (
                    <Button
                      key={decision}
                      variant={decision === 'keep' ? 'secondary' : 'primary'}
                      disabled={moderate.isPending}
                      onClick={() => {
                        decide(item.photo_id, decision);
                      }}
                    >
                      {t(label)}
                    </Button>
                  ))}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
