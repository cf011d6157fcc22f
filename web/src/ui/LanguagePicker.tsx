import { Field, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGES, setLanguage, type Language } from '../i18n/i18n';

/** Fluent's chevron-down (20, regular), drawn here so the picker needs no icon package. */
const CHEVRON =
  "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20'%3E%3Cpath fill='%23616161' d='M15.85 7.65c.2.2.2.5 0 .7l-5.5 5.5a.5.5 0 0 1-.7 0l-5.5-5.5a.5.5 0 0 1 .7-.7L10 12.79l5.15-5.14c.2-.2.5-.2.7 0Z'/%3E%3C/svg%3E\")";

// Wide enough that a horizontal Field's label column (a third) holds "Language" whole.
const useStyles = makeStyles({
  root: { minWidth: '220px' },
  // Fluent's Select look on the native select it wraps, without loading Select on the sign-in page (first load).
  select: {
    appearance: 'none',
    boxSizing: 'border-box',
    width: '100%',
    height: '32px',
    padding: `0 calc(${tokens.spacingHorizontalMNudge} + 20px + ${tokens.spacingHorizontalXXS}) 0 ${tokens.spacingHorizontalMNudge}`,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    backgroundImage: CHEVRON,
    backgroundRepeat: 'no-repeat',
    backgroundPosition: `right ${tokens.spacingHorizontalMNudge} center`,
    backgroundSize: '20px',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderBottomColor: tokens.colorNeutralStrokeAccessible,
    borderRadius: tokens.borderRadiusMedium,
    cursor: 'pointer',
    ':hover': {
      borderTopColor: tokens.colorNeutralStroke1Hover,
      borderRightColor: tokens.colorNeutralStroke1Hover,
      borderLeftColor: tokens.colorNeutralStroke1Hover,
      borderBottomColor: tokens.colorNeutralStrokeAccessibleHover,
    },
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorCompoundBrandStroke}`,
      outlineOffset: '-2px',
    },
  },
});

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
      {(fieldProps) => (
        <select
          {...fieldProps}
          className={styles.select}
          value={value}
          onChange={(event) => void setLanguage(event.target.value as Language)}
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {t(`language.${language}`)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
