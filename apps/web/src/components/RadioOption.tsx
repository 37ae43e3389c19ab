import type { ReactNode } from 'react';

interface RadioOptionProps<T extends string | number> {
  name: string;
  value: T;
  checked: boolean;
  onSelect: (value: T) => void;
  /** The label's look, the sheet's own (a list row, a package tile). */
  className: string;
  children: ReactNode;
}

/** One choice of a radio group: the input inside its label, so the whole label is the target. */
export function RadioOption<T extends string | number>({
  name,
  value,
  checked,
  onSelect,
  className,
  children,
}: RadioOptionProps<T>) {
  return (
    <label className={className}>
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => {
          onSelect(value);
        }}
      />
      {children}
    </label>
  );
}
