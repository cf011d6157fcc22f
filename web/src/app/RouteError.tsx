import { Body1, Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useCardLook } from '../ui/card-look';
import { PageHeading } from '../ui/PageHeading';

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  card: { maxWidth: '480px', padding: tokens.spacingVerticalXXL },
});

/** Shown when a screen fails to render or its chunk cannot be loaded (e.g. after a deployment). */
export function RouteError() {
  const { t } = useTranslation();
  const styles = useStyles();
  const cardLook = useCardLook();
  return (
    <main className={styles.root}>
      <div className={mergeClasses(cardLook.card, styles.card)} role="alert">
        <PageHeading>{t('app.pageLoadFailed')}</PageHeading>
        <Body1 as="p">{t('ErrorTryAgainText')}</Body1>
        <Button appearance="primary" onClick={() => window.location.reload()}>
          {t('app.reload')}
        </Button>
      </div>
    </main>
  );
}
