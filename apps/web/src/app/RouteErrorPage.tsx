import { useEffect } from 'react';
import { Button } from '../components/Button';
import { EmptyState } from '../components/EmptyState';
import { useT } from '../lib/i18n';

/**
 * Shown when a page fails to render or its code cannot be loaded (for instance offline right
 * after a new version was deployed): a reload fetches the current version.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const t = useT();
  useEffect(() => {
    console.error('[route] page failed', error);
  }, [error]);
  return (
    <main className="app-main">
      <EmptyState
        icon="alert"
        title={t('error.unknown')}
        action={
          <Button
            onClick={() => {
              window.location.reload();
            }}
          >
            {t('common.retry')}
          </Button>
        }
      />
    </main>
  );
}
