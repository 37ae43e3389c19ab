import { useT } from '../lib/i18n';
import { Icon } from './Icon';

interface FuelPillProps {
  fuel: number;
  /** The number on show while a change is counted (CountedFuelPill); the balance otherwise. */
  shown?: number;
  /** A rise is being counted: the pill glows. */
  gained?: boolean;
}

/** "⚡ 50": the fuel balance in the gold of rewards (CountedFuelPill counts it up as it grows). */
export function FuelPill({ fuel, shown = fuel, gained = false }: FuelPillProps) {
  const t = useT();
  return (
    <span
      className={`fuel-pill tabular ${gained ? 'fuel-pill--gain' : ''}`}
      data-testid="fuel-pill"
    >
      <Icon name="bolt" size={16} className="fuel-pill__icon" />
      <span className="fuel-pill__value" aria-hidden="true" data-testid="fuel-pill-value">
        {shown}
      </span>
      <span className="visually-hidden">{t('fuel.label', { count: fuel })}</span>
    </span>
  );
}
