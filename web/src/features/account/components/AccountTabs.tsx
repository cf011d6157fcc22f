import { makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageHeading } from '../../../ui/PageHeading';

const useStyles = makeStyles({
  tabs: { marginBottom: tokens.spacingVerticalL },
});

const TABS = [
  { path: '/sessions', key: 'accountPages.sessions' },
  { path: '/security', key: 'accountPages.security' },
  { path: '/my-data', key: 'dataRights.tab' },
] as const;

/** The Account heading and its tabs (Sessions, Security, Your data). */
export function AccountTabs() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <PageHeading>{t('account')}</PageHeading>
      <TabList
        className={styles.tabs}
        selectedValue={pathname}
        aria-label={t('accountPages.tabsLabel')}
        onTabSelect={(_event, data) => void navigate(String(data.value))}
      >
        {TABS.map((tab) => (
          <Tab key={tab.path} value={tab.path}>
            {t(tab.key)}
          </Tab>
        ))}
      </TabList>
    </>
  );
}
