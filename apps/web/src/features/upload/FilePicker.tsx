import { useId, type FocusEvent } from 'react';
import { Icon, type IconName } from '../../components/Icon';
import { ACCEPTED_TYPES } from './upload-limits';

/**
 * The file pickers are visually hidden inputs shown by their labels: focus on one brings its
 * label into view (the browser would scroll only to the hidden input, leaving the label under
 * the bottom bar in a short viewport).
 */
function showLabel(event: FocusEvent<HTMLInputElement>): void {
  event.currentTarget.labels?.[0]?.scrollIntoView({ block: 'nearest' });
}

interface FilePickerProps {
  name: string;
  icon: IconName;
  label: string;
  hint: string;
  /** `user` opens the front camera where the browser can. */
  capture?: 'user';
  disabled: boolean;
  onFile: (file: File) => void;
}

/** One source of a photo (the album or the camera): a hidden file input and its large label. */
export function FilePicker({
  name,
  icon,
  label,
  hint,
  capture,
  disabled,
  onFile,
}: FilePickerProps) {
  const id = useId();
  return (
    <>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        name={name}
        accept={ACCEPTED_TYPES}
        capture={capture}
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again is a change too.
          event.target.value = '';
          if (file) onFile(file);
        }}
        onFocus={showLabel}
      />
      <label className="upload__picker" htmlFor={id}>
        <span className="upload__placeholder">
          <Icon name={icon} size={28} />
        </span>
        <span className="upload__picker-text">
          {label}
          <small>{hint}</small>
        </span>
      </label>
    </>
  );
}
