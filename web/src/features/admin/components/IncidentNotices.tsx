import { Body1, Button, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import type { IncidentDetail } from '@ratkaisu/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { formatDateTime } from '../../../ui/format-date';
import { SectionCard } from '../../../ui/SectionCard';
import { prepareIncidentNotices, sendIncidentNotices } from '../api/incidents-api';
import { useIncidentChange } from '../api/use-incident-change';

const useStyles = makeStyles({
  text: { margin: 0, display: 'block', overflowWrap: 'anywhere' },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  body: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: tokens.fontFamilyBase },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/** The notices to the affected accounts: drafted in each one's language, mailed only after a confirmation. */
export function IncidentNotices({
  incident,
  onError,
}: {
  incident: IncidentDetail;
  onError: (cause: unknown) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [confirming, setConfirming] = useState(false);
  const unsent = incident.notices.filter((notice) => !notice.sentAt).length;
  const change = useIncidentChange(incident.id, onError);
  const busy = change.isPending;
  const run = (step: () => Promise<IncidentDetail>) => change.mutate(step, { onSettled: () => setConfirming(false) });

  return (
    <SectionCard heading={t('incidents.noticesTitle')} level="h3" data-testid="incident-notices">
      <Body1 as="p" className={styles.text}>
        {t('incidents.noticesHelp')}
      </Body1>
      {incident.notices.length === 0 ? (
        <Body1 as="p" className={styles.text}>
          {t('incidents.noticesNone')}
        </Body1>
      ) : (
        <ul className={styles.list}>
          {incident.notices.map((notice) => (
            <li key={notice.userId}>
              <Body1 as="p" className={styles.text}>
                <strong>{notice.subject}</strong>
              </Body1>
              <Caption1 as="p" className={styles.text}>
                {t('incidents.noticeTo', { to: notice.to, language: notice.language })} ·{' '}
                {notice.sentAt
                  ? t('incidents.noticeSent', { date: formatDateTime(notice.sentAt) })
                  : t('incidents.noticeDraft')}
              </Caption1>
              <pre className={styles.body}>{notice.text}</pre>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.row}>
        {incident.affectedUserIds.length > 0 ? (
          <Button appearance="secondary" disabled={busy} onClick={() => run(() => prepareIncidentNotices(incident.id))}>
            {t('incidents.prepareNotices')}
          </Button>
        ) : null}
        {unsent > 0 ? (
          <Button appearance="primary" disabled={busy} onClick={() => setConfirming(true)}>
            {t('incidents.sendNotices')}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('incidents.sendConfirmTitle')}
        message={t('incidents.sendConfirmMessage', { count: unsent })}
        confirmLabel={t('incidents.sendNotices')}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => run(() => sendIncidentNotices(incident.id))}
      />
    </SectionCard>
  );
}
