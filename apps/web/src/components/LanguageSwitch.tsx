import { LANGUAGES, setLanguage, useLanguage, useT, type Language } from '../lib/i18n';
import { SegmentedControl } from './SegmentedControl';

/** 中文 / English; each option is labelled in its own language. */
export function LanguageSwitch() {
  const t = useT();
  const language = useLanguage();
  const options = LANGUAGES.map((value) => ({
    value,
    label: t(`language.${value}`),
    lang: value,
  }));
  return (
    <SegmentedControl<Language>
      label={t('language.label')}
      options={options}
      value={language}
      onChange={setLanguage}
    />
  );
}
