import {
  Body1,
  Button,
  Caption1,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../ui/format-date';
import { RouterLink } from '../../../ui/RouterLink';
import { SectionCard } from '../../../ui/SectionCard';
import { useReportedQuery } from '../../../ui/query/use-reported-query';
import { listFailedMails, resendFailedMail } from '../api/outbox-api';
import { adminKeys } from '../api/query-keys';
import { useAdminTableStyles } from './admin-styles';

const useStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  text: { margin: 0, overflowWrap: 'anywhere' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
});

/**
 * Failed mails (docs/operations.md "Operations: durable work"): the mails the outbox gave up on after its
 * retries — to whom, about what, the last error — each with "Send again" for when the mail server works again.
 */
export function FailedMailsTab({ onError }: { onError: (cause: unknown) => void }) {
  const { t } = useTranslation();
  const tableStyles = useAdminTableStyles();
  const styles = useStyles();
  const [outcome, setOutcome] = useState<{ sent: boolean } | null>(null);
  const client = useQueryClient();
  const query = useReportedQuery(
    { queryKey: adminKeys.failedMails, queryFn: ({ signal }) => listFailedMails(signal) },
    onError,
  );
  const resend = useMutation({
    mutationFn: resendFailedMail,
    onMutate: () => setOutcome(null),
    onSuccess: (status) => {
      setOutcome({ sent: status === 'Sent' });
      return client.invalidateQueries({ queryKey: adminKeys.failedMails });
    },
    onError,
  });

  if (query.isPending) return <Spinner label={t('admin.loading')} />;
  const mails = query.data ?? [];
  return (
    <div className={tableStyles.root} data-testid="failed-mails">
      <Body1 className={styles.text}>{t('admin.failedMailsHelp')}</Body1>
      {outcome ? (
        <MessageBar intent={outcome.sent ? 'success' : 'warning'} role="status">
          <MessageBarBody>{t(outcome.sent ? 'admin.mailSent' : 'admin.mailStillFailing')}</MessageBarBody>
        </MessageBar>
      ) : null}
      {mails.length === 0 ? (
        <Body1 className={tableStyles.muted}>{t('admin.failedMailsNone')}</Body1>
      ) : (
        <ul className={styles.list}>
          {mails.map((mail) => (
            <li key={mail.id}>
              <SectionCard heading={mail.subject} level="h3">
                <Body1 as="p" className={styles.text}>
                  {t('admin.failedMailTo', { to: mail.to })}
                </Body1>
                <Caption1 as="p" className={styles.text}>
                  {t('admin.failedMailDetails', {
                    purpose: mail.purpose,
                    attempts: mail.attempts,
                    date: formatDateTime(mail.failedAt ?? mail.createdAt),
                  })}
                </Caption1>
                {mail.lastError ? (
                  <Caption1 as="p" className={`${styles.text} ${tableStyles.muted}`}>
                    {t('admin.failedMailError', { error: mail.lastError })}
                  </Caption1>
                ) : null}
                <div className={styles.actions}>
                  <Button appearance="primary" disabled={resend.isPending} onClick={() => resend.mutate(mail.id)}>
                    {t('admin.sendAgain')}
                  </Button>
                  {mail.disputeId ? (
                    <RouterLink to={`/case-attachment/${encodeURIComponent(mail.disputeId)}`}>
                      {t('admin.openCase')}
                    </RouterLink>
                  ) : null}
                </div>
              </SectionCard>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
