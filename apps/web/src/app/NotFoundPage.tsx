import { ButtonLink } from '../components/Button';
import { EmptyState } from '../components/EmptyState';
import { useT } from '../lib/i18n';

export function NotFoundPage() {
  const t = useT();
  return (
    <div className="page">
      <h1 className="page__title">{t('notFound.heading')}</h1>
      <EmptyState
        icon="compass"
        title={t('notFound.heading')}
        message={t('notFound.text')}
        action={<ButtonLink to="/">{t('common.backHome')}</ButtonLink>}
      />
    </div>
  );
}
