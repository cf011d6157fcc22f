import { Body1, Caption1, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { PageHeading } from '../../../ui/PageHeading';

const TERMS = [
  'case',
  'claimant',
  'respondent',
  'phase',
  'submission',
  'claimApplication',
  'decision',
  'award',
  'tribunal',
  'upload',
  'download',
] as const;

const useStyles = makeStyles({
  page: {
    maxWidth: '880px',
    width: '100%',
    margin: '0 auto',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  intro: { margin: 0 },
  list: { margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
  },
  term: { margin: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: tokens.spacingHorizontalS },
  other: { color: tokens.colorNeutralForeground3 },
  definition: { margin: 0 },
});

/**
 * `/glossary`: the words Ratkaisu uses for a case's things (en-glossary.ts), each with its equivalent in the
 * other language and a one-line definition. Linked from the footer, the account menu and the sign-in screens.
 */
export default function GlossaryPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const other = currentLanguage() === 'fi' ? 'en' : 'fi';
  // The other language's catalogue is loaded on demand (i18n.ts): without it the "In Finnish" column would
  // fall back to the English words.
  const [otherLoaded, setOtherLoaded] = useState(() => i18n.hasResourceBundle(other, 'translation'));
  useEffect(() => {
    let live = true;
    void i18n.loadLanguages(other).then(() => {
      if (live) setOtherLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [i18n, other]);
  const otherT = i18n.getFixedT(other);

  return (
    <div className={styles.page}>
      <PageHeading subtitle={t('glossary.intro')}>{t('glossary.title')}</PageHeading>
      <dl className={styles.list}>
        {TERMS.map((term) => (
          <div key={term} className={styles.card}>
            <dt className={styles.term}>
              <Subtitle2>{t(`glossary.terms.${term}.term`)}</Subtitle2>
              <Caption1 className={styles.other}>
                {t('glossary.otherLanguageColumn')}:{' '}
                <span lang={other} data-loaded={otherLoaded || undefined}>
                  {otherT(`glossary.terms.${term}.term`)}
                </span>
              </Caption1>
            </dt>
            <dd className={styles.definition}>
              <Body1>{t(`glossary.terms.${term}.definition`)}</Body1>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
