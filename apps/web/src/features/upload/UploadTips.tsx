import { PageIcon } from '../../components/PageIcon';
import { useUploadText } from './texts';

/** What makes a good photo, shown before one is chosen. */
export function UploadTips() {
  const t = useUploadText();
  return (
    <ul className="upload__tips" aria-label={t('upload.tipsLabel')}>
      <li>
        <PageIcon name="face" size={16} /> {t('upload.tip.face')}
      </li>
      <li>
        <PageIcon name="sun" size={16} /> {t('upload.tip.light')}
      </li>
      <li>
        <PageIcon name="noFilter" size={16} /> {t('upload.tip.filter')}
      </li>
    </ul>
  );
}
