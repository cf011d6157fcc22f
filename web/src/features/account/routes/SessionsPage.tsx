import {
  Badge,
  Button,
  Card,
  makeStyles,
  Spinner,
  TableCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { setSessionEnding } from '../../../api/api';
import { errorMessage } from '../../../api/error-message';
import { signOut } from '../../../identity/session';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { DataTable } from '../../../ui/DataTable';
import { formatDate, formatDateTime } from '../../../ui/format-date';
import { FormMessage } from '../../../ui/FormMessage';
import { whenModalsClosed } from '../../../ui/when-modals-closed';
import { accountKeys } from '../api/query-keys';
import { endAllSessions, endSession, getSessions, type AccountSession } from '../api/sessions';
import { AccountTabs } from '../components/AccountTabs';
import { describeDevice } from '../describe-device';

const useStyles = makeStyles({
  page: { maxWidth: '1040px', width: '100%', margin: '0 auto', boxSizing: 'border-box' },
  card: { padding: tokens.spacingVerticalXL, gap: tokens.spacingVerticalL },
  intro: { margin: 0, color: tokens.colorNeutralForeground3 },
  device: { display: 'flex', flexDirection: 'column' },
  deviceDetail: {
    color: tokens.colorNeutralForeground3,
    maxWidth: '320px',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  // The date stays on one line; the Current badge wraps under it when the column is narrow.
  dateCell: { whiteSpace: 'nowrap', marginRight: tokens.spacingHorizontalS },
  deviceStack: { display: 'flex', flexDirection: 'column', minWidth: 0, gap: tokens.spacingVerticalXXS },
  kept: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  // Below this the columns would overlap: on a phone the table scrolls sideways instead.
  table: { minWidth: '720px' },
  actionsCell: { textAlign: 'end', whiteSpace: 'nowrap' },
  footer: { display: 'flex', justifyContent: 'flex-end' },
  visuallyHidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
});

const SESSION_COLUMNS = ['sessionDate', 'sessionIpAddress', 'sessionDevice', 'sessionCountry'] as const;

/** /sessions: every session of the user; any but the current one can be ended, or all at once. */
export default function SessionsPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const [actionError, setError] = useState<string | null>(null);
  const [confirmingAll, setConfirmingAll] = useState(false);
  const [endingAll, setEndingAll] = useState(false);
  const pageRef = useRef<HTMLElement>(null);

  const client = useQueryClient();
  const query = useQuery({ queryKey: accountKeys.sessions, queryFn: ({ signal }) => getSessions(signal) });
  // After a failed load the table is empty, with the error above it.
  const sessions = query.data ?? (query.isError ? [] : null);
  const error = actionError ?? (query.error ? errorMessage(query.error, t('ErrorTryAgainText')) : null);

  const endOne = useMutation({
    mutationFn: endSession,
    onMutate: () => setError(null),
    onSuccess: (_answer, id) =>
      client.setQueryData<AccountSession[]>(accountKeys.sessions, (current) =>
        current?.filter((session) => session.id !== id),
      ),
    onError: (failure) => setError(errorMessage(failure, t('ErrorTryAgainText'))),
  });
  const ending = endOne.isPending ? (endOne.variables ?? null) : null;

  const endAll = async () => {
    setEndingAll(true);
    // From the moment the server ends the sessions until signOut clears this tab's, the live polls' 401s are
    // this step's own doing, not a lost session to report.
    setSessionEnding(true);
    try {
      await endAllSessions();
    } catch (failure) {
      setSessionEnding(false);
      setEndingAll(false);
      setConfirmingAll(false);
      setError(errorMessage(failure, t('ErrorTryAgainText')));
      return;
    }
    setConfirmingAll(false);
    await whenModalsClosed(pageRef.current);
    await signOut();
    void navigate('/', { replace: true });
  };

  const deviceCell = (userAgent: string) => {
    const summary = describeDevice(userAgent);
    if (!userAgent) return t('accountPages.unknown');
    if (!summary) return <span title={userAgent}>{userAgent}</span>;
    return (
      <span className={styles.device}>
        <Text>{t('accountPages.deviceSummary', { browser: summary.browser, os: summary.os })}</Text>
        <Text size={200} className={styles.deviceDetail} title={userAgent}>
          {userAgent}
        </Text>
      </span>
    );
  };

  return (
    <section className={styles.page} ref={pageRef}>
      <AccountTabs />
      <Card className={styles.card}>
        <Text as="p" className={styles.intro}>
          {t('accountPages.sessionsIntro')}
        </Text>
        <FormMessage intent="error" testId="sessions-error" message={error} />
        {sessions === null ? (
          <Spinner size="small" label={t('accountPages.loadingSessions')} role="status" />
        ) : sessions.length === 0 ? (
          <Text>{t('accountPages.noSessions')}</Text>
        ) : (
          <DataTable
            className={styles.table}
            aria-label={t('accountPages.sessions')}
            columns={[
              ...SESSION_COLUMNS.map((column) => t(`accountPages.${column}`)),
              <span key="actions" className={styles.visuallyHidden}>
                {t('accountPages.sessionActions')}
              </span>,
            ]}
          >
            {sessions.map((session) => (
              <TableRow key={session.id} data-testid="session-row">
                <TableCell>
                  <span className={styles.dateCell}>
                    {session.date ? formatDateTime(session.date) : t('accountPages.unknown')}
                  </span>
                  {session.current ? (
                    <Badge appearance="tint" color="brand">
                      {t('accountPages.currentSession')}
                    </Badge>
                  ) : null}
                </TableCell>
                <TableCell>{session.ipAddress || t('accountPages.unknown')}</TableCell>
                <TableCell>
                  <div className={styles.deviceStack}>
                    {deviceCell(session.device)}
                    {session.persistent ? (
                      <Text size={200} className={styles.kept} data-testid="session-kept">
                        {session.expiresAt
                          ? t('accountPages.keptSignedInUntil', { date: formatDate(session.expiresAt) })
                          : t('accountPages.keptSignedIn')}
                      </Text>
                    ) : null}
                  </div>
                </TableCell>
                <TableCell>{session.country || t('accountPages.unknown')}</TableCell>
                <TableCell className={styles.actionsCell}>
                  <Button
                    size="small"
                    disabled={session.current || ending !== null}
                    onClick={() => endOne.mutate(session.id)}
                    icon={ending === session.id ? <Spinner size="extra-tiny" /> : undefined}
                  >
                    {t('accountPages.endSession')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </DataTable>
        )}
        <div className={styles.footer}>
          <Button appearance="primary" onClick={() => setConfirmingAll(true)} disabled={sessions === null || endingAll}>
            {t('accountPages.endAllSessions')}
          </Button>
        </div>
      </Card>
      <ConfirmDialog
        open={confirmingAll}
        message={t('accountPages.endAllSessionsMessage')}
        confirmLabel={t('accountPages.endAllSessions')}
        busy={endingAll}
        onConfirm={() => void endAll()}
        onCancel={() => setConfirmingAll(false)}
      />
    </section>
  );
}
