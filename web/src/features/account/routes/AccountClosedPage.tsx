import { Body1, Card, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { KEPT_ON_CLOSURE, type AccountClosedView } from '@ratkaisu/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageHeading } from '../../../ui/PageHeading';
import { RouterLink } from '../../../ui/RouterLink';

const useStyles = makeStyles({
  page: { maxWidth: '720px', width: '100%', margin: '0 auto', boxSizing: 'border-box' },
  card: { padding: tokens.spacingVerticalXL, gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, display: 'grid', gap: tokens.spacingVerticalS },
});

/**
 * /account-closed (public: the account no longer signs in): the confirmation of a closure — what was erased,
 * and what is kept and why (docs/data-subject-rights.md). The counts come with the closure's answer; opened
 * directly, the page still says what is kept.
 */
export default function AccountClosedPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const closed = useLocation().state as AccountClosedView | null;
  const kept = closed?.kept ?? KEPT_ON_CLOSURE.map((what) => ({ what, count: undefined }));
  return (
    <section className={styles.page}>
      <PageHeading>{t('dataRights.closedTitle')}</PageHeading>
      <Card className={styles.card}>
        <Body1 as="p">{t('dataRights.closedIntro')}</Body1>
        <Subtitle1 as="h2" className={styles.heading}>
          {t('dataRights.keptHeading')}
        </Subtitle1>
        <ul className={styles.list} data-testid="kept-on-closure">
          {kept.map((item) => (
            <li key={item.what}>
              <Body1>{t(`dataRights.kept.${item.what}`, { count: item.count ?? 0 }).replace(' (0)', '')}</Body1>
            </li>
          ))}
        </ul>
        <RouterLink to="/">{t('dataRights.closedHome')}</RouterLink>
      </Card>
    </section>
  );
}
