import { Body1, Card, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../ui/PageHeading';
import { RouterLink } from '../ui/RouterLink';

const useStyles = makeStyles({
  page: { maxWidth: '880px', margin: '0 auto' },
  card: { padding: tokens.spacingVerticalXXL, gap: tokens.spacingVerticalM, alignItems: 'flex-start' },
  text: { margin: 0 },
});

export default function NotFoundPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <section className={styles.page}>
      <PageHeading>{t('routes.notFound')}</PageHeading>
      <Card className={styles.card}>
        <Body1 as="p" className={styles.text}>
          {t('app.notFoundDetail')}
        </Body1>
        <RouterLink to="/">{t('app.goHome')}</RouterLink>
      </Card>
    </section>
  );
}
