import { Body1, Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from './PageHeading';

const useStyles = makeStyles({
  page: { maxWidth: '880px', width: '100%', margin: '0 auto', boxSizing: 'border-box' },
  card: { padding: tokens.spacingVerticalXXL, gap: tokens.spacingVerticalS },
  text: { margin: 0 },
  detail: { margin: 0, color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, marginTop: tokens.spacingVerticalM },
});

/**
 * The honest stand-in for a screen a later issue builds: the page title and a plain
 * statement that the screen is not available yet. Never shows made-up content.
 */
export function PlaceholderPage({ title, actions }: { title: string; actions?: ReactNode }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <section className={styles.page} aria-labelledby="page-heading" data-testid="placeholder-page">
      <PageHeading id="page-heading">{title}</PageHeading>
      <Card className={styles.card}>
        <Text as="p" weight="semibold" size={400} className={styles.text}>
          {t('app.notAvailableYet')}
        </Text>
        <Body1 as="p" className={styles.detail}>
          {t('app.notAvailableYetDetail')}
        </Body1>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </Card>
    </section>
  );
}
