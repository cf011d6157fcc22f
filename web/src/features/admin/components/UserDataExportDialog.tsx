import { Body1, Button, Field, makeStyles, Spinner, Textarea, tokens } from '@fluentui/react-components';
import { DATA_EXPORT_VALID_HOURS, type AdminUserView } from '@ratkaisu/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { FormMessage } from '../../../ui/FormMessage';
import { Modal } from '../../../ui/Modal';
import { saveBlob } from '../../../ui/save-blob';
import { useJobPoller } from '../../../ui/job-progress/use-job-poller';
import { useFormSubmission } from '../../../ui/use-form-submission';
import { downloadUserDataExport, requestUserDataExport, userDataExportStatus } from '../api/admin-api';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  text: { margin: 0 },
});

/** The least reason the server accepts (core's adminDataExportSchema), checked here first to say so in place. */
const MIN_REASON_LENGTH = 10;

/**
 * The Users tab's "Copy of data" (docs/data-subject-rights.md): a super-administrator answering a data-subject
 * request made to the operator gives the reason, follows the job, and downloads the ZIP — the same copy the
 * person gets from their own data page. The request and every download are audited on the server.
 */
export function UserDataExportDialog({ user, onClose }: { user: AdminUserView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const { submitting, formError, setFormError, runSubmission } = useFormSubmission(t('admin.copyOfDataFailed'));
  const poller = useJobPoller({
    jobId,
    fetchStatus: userDataExportStatus,
    ceilingMs: 5_000,
    onEnd: (status) => setFailed(status.status !== 'Completed'),
    onGiveUp: () => setFailed(true),
    fatal: (error) => error instanceof ApiError && error.status === 404,
  });
  const ready = poller.status?.status === 'Completed' && !failed;
  const preparing = !!jobId && !ready && !failed;

  const close = () => {
    if (submitting) return;
    setReason('');
    setReasonError(null);
    setJobId(null);
    setFailed(false);
    setFormError(null);
    onClose();
  };

  const start = () => {
    if (!user) return;
    if (reason.trim().length < MIN_REASON_LENGTH) {
      setReasonError(t('admin.copyOfDataReasonRequired', { count: MIN_REASON_LENGTH }));
      return;
    }
    setReasonError(null);
    void runSubmission(async () => {
      setFailed(false);
      setJobId((await requestUserDataExport(user.id, reason.trim())).jobId);
    });
  };
  const download = () =>
    void runSubmission(async () => {
      saveBlob(await downloadUserDataExport(jobId!), `Ratkaisu-data-${user?.userName ?? 'user'}.zip`);
    });

  return (
    <Modal
      open={user !== null}
      onClose={close}
      title={t('admin.copyOfDataTitle', { name: user?.userName ?? '' })}
      actions={
        <>
          {ready ? (
            <Button appearance="primary" disabled={submitting} onClick={download}>
              {t('admin.copyOfDataDownload')}
            </Button>
          ) : (
            <Button appearance="primary" disabled={submitting || preparing} onClick={start}>
              {t('admin.copyOfDataStart')}
            </Button>
          )}
          <Button onClick={close} disabled={submitting}>
            {t('admin.copyOfDataClose')}
          </Button>
        </>
      }
    >
      <div className={styles.body}>
        <Body1 as="p" className={styles.text}>
          {t('admin.copyOfDataIntro')}
        </Body1>
        <Field
          label={t('admin.copyOfDataReason')}
          hint={t('admin.copyOfDataReasonHint')}
          required
          validationMessage={reasonError ?? undefined}
        >
          <Textarea
            value={reason}
            disabled={!!jobId}
            resize="vertical"
            onChange={(_event, data) => setReason(data.value)}
          />
        </Field>
        <FormMessage intent="error" message={formError ?? (failed ? t('admin.copyOfDataFailed') : null)} />
        {preparing ? <Spinner size="small" labelPosition="after" label={t('admin.copyOfDataPreparing')} /> : null}
        {ready ? (
          <FormMessage intent="success" message={t('admin.copyOfDataReady', { hours: DATA_EXPORT_VALID_HOURS })} />
        ) : null}
      </div>
    </Modal>
  );
}
