import { Field, makeStyles, Select } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGES, setLanguage, type Language } from '../i18n/i18n';

// Wide enough that a horizontal Field's label column (a third) holds "Language" whole.
const useStyles = makeStyles({ root: { minWidth: '220px' } });

/**
 * The UI's language as a labelled select (the sign-in screens; the account menu has its own radio items).
 * Each language is named in itself and marked with its `lang`, so a screen reader reads "Suomi" in Finnish.
 */
export function LanguagePicker({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  // Re-rendered by useTranslation on every language change.
  const value = i18n.resolvedLanguage ? currentLanguage() : 'en';
  return (
    <Field label={t('language.label')} className={className ?? styles.root} orientation="horizontal">
      <Select value={value} onChange={(_, data) => void setLanguage(data.value as Language)}>
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </Select>
    </Field>
  );
}
