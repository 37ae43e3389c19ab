import { useT } from '../lib/i18n';
import { Icon } from './Icon';

/** "⚡ 50": the fuel balance in the gold of rewards. */
export function FuelPill({ fuel }: { fuel: number }) {
  const t = useT();
  return (
    <span className="fuel-pill tabular" data-testid="fuel-pill">
      <Icon name="bolt" size={16} className="fuel-pill__icon" />
      <span aria-hidden="true">{fuel}</span>
      <span className="visually-hidden">{t('fuel.label', { count: fuel })}</span>
    </span>
  );
}
