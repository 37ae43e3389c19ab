import { ChooseStep } from './ChooseStep';
import { FrameStep } from './FrameStep';
import { SendStep } from './SendStep';
import { StepIndicator } from './StepIndicator';
import { useUploadFlow } from './upload-flow';
import { useUploadText } from './texts';
import './upload.css';

/** Upload in three steps: choose a photo, frame it to 3:4 and pick a category, send it. */
export function UploadPage() {
  const t = useUploadText();
  const flow = useUploadFlow();
  const { step, image, crop } = flow;
  let body;
  if (step === 'choose') {
    body = (
      <ChooseStep
        busy={flow.busy}
        onFile={(file) => {
          void flow.chooseFile(file);
        }}
      />
    );
  } else if (step === 'frame' && image !== null && crop !== null) {
    body = <FrameStep image={image} crop={crop} flow={flow} />;
  } else {
    body = <SendStep flow={flow} />;
  }

  return (
    <div className="page upload">
      <h1 className="page__title">{t('upload.heading')}</h1>
      <StepIndicator step={step} />
      {body}
      {flow.problem ? (
        <p className="upload__problem" role="alert">
          {flow.problem}
        </p>
      ) : null}
    </div>
  );
}
