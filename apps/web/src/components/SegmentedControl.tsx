interface Option<V extends string> {
  value: V;
  label: string;
  lang?: string;
}

interface SegmentedControlProps<V extends string> {
  label: string;
  options: readonly Option<V>[];
  value: V;
  onChange: (value: V) => void;
}

/** A row of toggle buttons of which one is pressed (periods, language). */
export function SegmentedControl<V extends string>({
  label,
  options,
  value,
  onChange,
}: SegmentedControlProps<V>) {
  return (
    <div className="segmented" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          lang={option.lang}
          className="segmented__option"
          aria-pressed={option.value === value}
          onClick={() => {
            onChange(option.value);
          }}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
