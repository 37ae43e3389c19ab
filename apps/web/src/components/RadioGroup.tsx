import type { ReactNode } from 'react';

interface RadioGroupProps<T extends string | number> {
  name: string;
  options: readonly T[];
  /** The chosen option, or null before the first choice. */
  value: T | null;
  onChange: (value: T) => void;
  legend: string;
  /** The sheet's own looks: the group, its legend (possibly hidden), each option's label. */
  className: string;
  legendClassName: string;
  optionClassName: string;
  /** What an option's label shows beside its radio button. */
  renderOption: (option: T) => ReactNode;
  /** Options shown but not choosable (their label says why). */
  isDisabled?: (option: T) => boolean;
}

/** A fieldset of radio buttons, each inside its label so the whole label is the target. */
export function RadioGroup<T extends string | number>({
  name,
  options,
  value,
  onChange,
  legend,
  className,
  legendClassName,
  optionClassName,
  renderOption,
  isDisabled,
}: RadioGroupProps<T>) {
  return (
    <fieldset className={className}>
      <legend className={legendClassName}>{legend}</legend>
      {options.map((option) => (
        <label key={option} className={optionClassName}>
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            disabled={isDisabled?.(option) ?? false}
            onChange={() => {
              onChange(option);
            }}
          />
          {renderOption(option)}
        </label>
      ))}
    </fieldset>
  );
}
