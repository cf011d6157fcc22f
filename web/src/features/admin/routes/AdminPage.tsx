import { CounterBadge, makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/error-message';
import { useAuthStore } from '../../../stores/auth-store';
import { PageHeading } from '../../../ui/PageHeading';
import { RouterLink } from '../../../ui/RouterLink';
import { useTenants, useUsers } from '../api/use-directory';
import { AiOversightTab } from '../components/AiOversightTab';
import { AppointmentsTab } from '../components/AppointmentsTab';
import { AuditLogsTab } from '../components/AuditLogsTab';
import { FailedMailsTab } from '../components/FailedMailsTab';
import { IncidentsTab } from '../components/IncidentsTab';
import { Banner } from '../components/ErrorBanner';
import { OverviewTab } from '../components/OverviewTab';
import { PaymentsTab } from '../components/PaymentsTab';
import { RetentionTab } from '../components/RetentionTab';
import { TenantsTab } from '../components/TenantsTab';
import { UsersTab } from '../components/UsersTab';

const useStyles = makeStyles({
  page: {
    maxWidth: '1280px',
    width: '100%',
    margin: '0 auto',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  top: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalL,
  },
  tabLabel: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  // On a phone the four tabs take two rows instead of widening the page (WCAG 1.4.10 Reflow).
  tabs: { flexWrap: 'wrap' },
});

const ADMIN_TABS = [
  'overview',
  'tenants',
  'users',
  'appointments',
  'audit',
  'aiOversight',
  'retention',
  'payments',
  'mails',
  'incidents',
] as const;
type AdminTab = (typeof ADMIN_TABS)[number];

/** `?tab=appointments`: where a notice of a tribunal request links (the queue of requested tribunals). */
function tabFrom(search: URLSearchParams): AdminTab {
  const asked = search.get('tab');
  return (ADMIN_TABS as readonly string[]).includes(asked ?? '') ? (asked as AdminTab) : 'overview';
}

/**
 * `/admin` (docs/product.md section 2, Admin panel): Overview, Tenants, Users and Audit
 * Logs, inside the app's shell (AppLayout) with a link back to the app. A SuperAdmin manages every tenant; an Admin sees the same screens for
 * their own tenant, with the tenant list read-only (the server narrows the data).
 */
export default function AdminPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const myId = useAuthStore((state) => state.id);
  const [search] = useSearchParams();
  const [tab, setTab] = useState<AdminTab>(() => tabFrom(search));
  // A notice followed while the panel is open moves to its tab too.
  useEffect(() => {
    if (search.has('tab')) setTab(tabFrom(search));
  }, [search]);
  const [error, setError] = useState<string | null>(null);

  const reportError = useCallback((cause: unknown) => setError(errorMessage(cause, t('admin.genericError'))), [t]);
  // Read here for the tabs' counts and the caller's roles; the tabs that change them fetch them again by their keys.
  const tenants = useTenants(reportError).data ?? null;
  const users = useUsers(reportError).data ?? null;

  // The caller's own row says whether they are a SuperAdmin; until it is known, nothing is offered that needs it.
  const me = users?.find((user) => user.id === myId);
  const isSuperAdmin = me?.roles.includes('SuperAdmin') ?? false;

  const label = (text: string, count?: number, testId?: string) => (
    <span className={styles.tabLabel}>
      {text}
      {count !== undefined ? (
        <CounterBadge
          count={count}
          showZero
          appearance="filled"
          color="informative"
          size="small"
          data-testid={testId}
        />
      ) : null}
    </span>
  );

  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <PageHeading subtitle={`${t('admin.superAdminDashboard')} · ${t('admin.restrictedAccess')}`}>
          {t('adminPanel')}
        </PageHeading>
        {/* The shell's logo leads home too; this says so in words, where an operator looks for it. */}
        <RouterLink to="/">{t('admin.backToApp')}</RouterLink>
      </div>
      {error ? <Banner message={error} onDismiss={() => setError(null)} /> : null}
      <TabList
        className={styles.tabs}
        aria-label={t('admin.tabsLabel')}
        selectedValue={tab}
        onTabSelect={(_event, data) => setTab(data.value as AdminTab)}
      >
        <Tab value="overview">{label(t('admin.overview'))}</Tab>
        <Tab value="tenants">{label(t('admin.tenants'), tenants?.length, 'tenant-count')}</Tab>
        <Tab value="users">{label(t('admin.users'), users?.length, 'user-count')}</Tab>
        <Tab value="appointments">{label(t('tribunal.appointments'))}</Tab>
        <Tab value="audit">{label(t('admin.auditLogs'))}</Tab>
        <Tab value="aiOversight">{label(t('aiOversight.tab'))}</Tab>
        <Tab value="retention">{label(t('retention.tab'))}</Tab>
        <Tab value="payments">{label(t('payments.tab'))}</Tab>
        <Tab value="mails">{label(t('admin.failedMails'))}</Tab>
        {isSuperAdmin ? <Tab value="incidents">{label(t('incidents.tab'))}</Tab> : null}
      </TabList>
      <div
        role="tabpanel"
        aria-label={
          tab === 'appointments'
            ? t('tribunal.appointments')
            : tab === 'aiOversight'
              ? t('aiOversight.tab')
              : tab === 'retention'
                ? t('retention.tab')
                : tab === 'payments'
                  ? t('payments.tab')
                  : tab === 'mails'
                    ? t('admin.failedMails')
                    : tab === 'incidents'
                      ? t('incidents.tab')
                      : t(`admin.${tab === 'audit' ? 'auditLogs' : tab}`)
        }
      >
        {tab === 'overview' ? (
          <OverviewTab isSuperAdmin={isSuperAdmin} rolesKnown={me !== undefined} onError={reportError} />
        ) : null}
        {tab === 'tenants' ? <TenantsTab tenants={tenants} isSuperAdmin={isSuperAdmin} onError={reportError} /> : null}
        {tab === 'users' ? (
          <UsersTab
            users={users}
            tenants={tenants ?? []}
            isSuperAdmin={isSuperAdmin}
            myId={myId}
            onError={reportError}
          />
        ) : null}
        {tab === 'appointments' ? <AppointmentsTab onError={reportError} /> : null}
        {tab === 'audit' ? <AuditLogsTab users={users ?? []} onError={reportError} /> : null}
        {tab === 'aiOversight' ? <AiOversightTab tenants={tenants} isSuperAdmin={isSuperAdmin} /> : null}
        {tab === 'retention' ? <RetentionTab tenants={tenants} isSuperAdmin={isSuperAdmin} /> : null}
        {tab === 'payments' ? <PaymentsTab tenants={tenants} isSuperAdmin={isSuperAdmin} /> : null}
        {tab === 'mails' ? <FailedMailsTab onError={reportError} /> : null}
        {tab === 'incidents' && isSuperAdmin ? <IncidentsTab onError={reportError} /> : null}
      </div>
    </div>
  );
}
