/** One figure of the profile card: its label and value. */
export function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="stat">
      <dt className="stat__label">{label}</dt>
      <dd className="stat__value tabular" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
