import { DEFAULT_FUEL } from '@yanzhi/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { CategoryBar } from '../../components/CategoryChips';
import { ErrorState } from '../../components/ErrorState';
import { FuelPill } from '../../components/FuelPill';
import { Icon } from '../../components/Icon';
import { PhotoFrame } from '../../components/PhotoFrame';
import { useT } from '../../lib/i18n';
import { useUserStore } from '../user';
import { usePair } from './api/get-pair';
import './arena.css';

function PairStatus({ pair }: { pair: ReturnType<typeof usePair> }) {
  const t = useT();
  if (pair.isError) {
    return (
      <ErrorState
        error={pair.error}
        onRetry={() => {
          void pair.refetch();
        }}
      />
    );
  }
  if (pair.isSuccess) {
    return (
      <p className="arena__note" role="status">
        {t('arena.pairReady')}
      </p>
    );
  }
  return (
    <p className="arena__note" role="status">
      {t('arena.pairLoading')}
    </p>
  );
}

/** The arena (`/` and `/arena`): categories, then two photos to choose between. */
export function ArenaPage() {
  const t = useT();
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const fuel = useUserStore((state) => state.user?.fuel ?? DEFAULT_FUEL);
  const userId = useUserStore((state) => state.user?.id ?? null);
  const avatarUrl = useUserStore((state) => state.user?.avatar_url ?? null);
  const pair = usePair(categoryId, userId);
  const waiting = categoryId === null || pair.isPending;

  return (
    <div className="page arena">
      <header className="arena__top">
        <h1 className="arena__title">{t('arena.heading')}</h1>
        <div className="arena__actions">
          <FuelPill fuel={fuel} />
          <Link to="/profile" className="avatar-link" aria-label={t('arena.profileLink')}>
            {avatarUrl ? (
              <img className="avatar-link__img" src={avatarUrl} alt="" />
            ) : (
              <Icon name="user" size={22} />
            )}
          </Link>
        </div>
      </header>

      <CategoryBar selectedId={categoryId} onSelect={setCategoryId} />

      <section className="arena__stage" aria-label={t('arena.pairLabel')} aria-busy={waiting}>
        <div className={`arena__pair ${pair.isError ? 'arena__pair--dimmed' : ''}`}>
          <PhotoFrame className="arena__photo" loading={waiting} label={t('arena.photoA')} />
          <span className="arena__vs" aria-hidden="true">
            {t('arena.vs')}
          </span>
          <PhotoFrame className="arena__photo" loading={waiting} label={t('arena.photoB')} />
        </div>
        {categoryId === null ? null : (
          <div className="arena__status">
            <PairStatus pair={pair} />
          </div>
        )}
      </section>

      <p className="arena__hint">
        {t('arena.hint')} · <Link to="/onboarding">{t('arena.onboardingLink')}</Link>
      </p>
    </div>
  );
}
