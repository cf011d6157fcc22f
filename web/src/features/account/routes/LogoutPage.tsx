import { Body1, makeStyles, Title3 } from '@fluentui/react-components';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../../ui/RouterLink';
import { AuthCard } from '../components/AuthCard';

const useStyles = makeStyles({ text: { margin: 0 } });

/** Where the browser lands after signing out. */
export default function LogoutPage() {
  const { t } = useTranslation();
  const headingId = useId();
  const styles = useStyles();
  return (
    <AuthCard labelledBy={headingId}>
      <Title3 as="h1" id={headingId} className={styles.text}>
        {t('login.signedOutHeading')}
      </Title3>
      <Body1 as="p" className={styles.text}>
        {t('login.signedOutDetail')}
      </Body1>
      <RouterLink to="/login">{t('login.signInAgain')}</RouterLink>
    </AuthCard>
  );
}
