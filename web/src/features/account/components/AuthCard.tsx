import { makeStyles, mergeClasses, Subtitle2, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCardLook } from '../../../ui/card-look';
import { LanguagePicker } from '../../../ui/LanguagePicker';
import { RouterLink } from '../../../ui/RouterLink';

const useStyles = makeStyles({
  root: {
    minHeight: 'calc(100vh - 2 * 40px)',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalXL,
  },
  brand: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalXXS },
  logo: {
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorBrandForeground1,
    letterSpacing: '-0.02em',
  },
  tagline: { margin: 0, color: tokens.colorNeutralForeground3, fontWeight: tokens.fontWeightRegular },
  card: {
    width: '100%',
    maxWidth: '420px',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    gap: tokens.spacingVerticalL,
    boxShadow: tokens.shadow8,
  },
  legal: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalL,
    fontSize: tokens.fontSizeBase200,
  },
});

/** The centred card of the signed-out screens, with the brand above and legal links below. */
export function AuthCard({ children, labelledBy }: { children: ReactNode; labelledBy: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const cardLook = useCardLook();
  return (
    <div className={styles.root}>
      <div className={styles.brand}>
        <span className={styles.logo}>{t('app.name')}</span>
        <Subtitle2 as="p" className={styles.tagline}>
          {t('app.tagline')}
        </Subtitle2>
      </div>
      <section className={mergeClasses(cardLook.card, styles.card)} aria-labelledby={labelledBy}>
        {children}
      </section>
      <nav className={styles.legal} aria-label={t('shell.legalNavigation')}>
        <RouterLink to="/terms-of-service">{t('routes.termsOfService')}</RouterLink>
        <RouterLink to="/privacy-policy">{t('routes.privacyPolicy')}</RouterLink>
        <RouterLink to="/cookie">{t('routes.cookie')}</RouterLink>
        <RouterLink to="/glossary">{t('shell.glossaryLink')}</RouterLink>
      </nav>
      <LanguagePicker />
    </div>
  );
}
