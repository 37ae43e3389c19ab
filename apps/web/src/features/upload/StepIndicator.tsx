import { STEPS, type Step } from './upload-flow';
import { useUploadText } from './texts';

/** The three steps, the current one marked, the ones before it done. */
export function StepIndicator({ step }: { step: Step }) {
  const t = useUploadText();
  const current = STEPS.indexOf(step);
  return (
    <ol className="upload__steps" aria-label={t('upload.steps')}>
      {STEPS.map((name, index) => (
        <li
          key={name}
          className="upload__step"
          data-state={index < current ? 'done' : index === current ? 'current' : 'todo'}
          aria-current={index === current ? 'step' : undefined}
        >
          <span className="upload__step-number tabular" aria-hidden="true">
            {index + 1}
          </span>
          {t(`upload.step.${name}`)}
        </li>
      ))}
    </ol>
  );
}
