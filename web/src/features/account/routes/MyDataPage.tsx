import {
  Body1,
  Button,
  Card,
  Checkbox,
  Field,
  makeStyles,
  Spinner,
  Subtitle1,
  tokens,
} from '@fluentui/react-components';
import { DATA_EXPORT_VALID_HOURS, type OpenCaseBlocker } from '@ratkaisu/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { freshWorkAccountToken, signedInWithWorkAccount } from '../../../identity/fresh-sign-in';
import { signOut } from '../../../identity/session';
import { useAuthStore } from '../../../stores/auth-store';
import { DialogFormActions } from '../../../ui/DialogFormActions';
import { FormMessage } from '../../../ui/FormMessage';
import { Modal } from '../../../ui/Modal';
import { PasswordField } from '../../../ui/PasswordField';
import { saveBlob } from '../../../ui/save-blob';
import { useJobPoller } from '../../../ui/job-progress/use-job-poller';
import { useFormSubmission } from '../../../ui/use-form-submission';
import {
  blockingCases,
  closeAccount,
  dataExportStatus,
  downloadDataExport,
  requestDataExport,
} from '../api/data-rights';
import { TfaCodeField } from '../components/AccountFields';
import { AccountTabs } from '../components/AccountTabs';
import { ReceiptsCard } from '../components/ReceiptsCard';

const useStyles = makeStyles({
  page: { maxWidth: '1040px', width: '100%', margin: '0 auto', boxSizing: 'border-box' },
  columns: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(340px, 100%), 1fr))',
    gap: tokens.spacingHorizontalXL,
    alignItems: 'start',
  },
  card: { padding: tokens.spacingVerticalXL, gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  muted: { margin: 0, color: tokens.colorNeutralForeground2 },
  action: { alignSelf: 'flex-start' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  cases: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
});

/** /my-data: a copy of one's data (GDPR Arts. 15 and 20), one's receipts, and closing the account (Art. 17). */
export default function MyDataPage() {
  const styles = useStyles();
  return (
    <section className={styles.page}>
      <AccountTabs />
      <div className={styles.columns}>
        <DataExportCard />
        <ReceiptsCard />
        <CloseAccountCard />
      </div>
    </section>
  );
}

function DataCard({
  id,
  heading,
  intro,
  children,
}: {
  id: string;
  heading: string;
  intro: string;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <Card className={styles.card} role="region" aria-labelledby={id}>
      <Subtitle1 as="h2" id={id} className={styles.heading}>
        {heading}
      </Subtitle1>
      <Body1 as="p" className={styles.muted}>
        {intro}
      </Body1>
      {children}
    </Card>
  );
}

/** Prepare a copy, follow its job, then download the ZIP (also reached from the mail's link: `?export=<job>`). */
function DataExportCard() {
  const { t } = useTranslation();
  const styles = useStyles();
  const [searchParams] = useSearchParams();
  const [jobId, setJobId] = useState<string | null>(searchParams.get('export'));
  const [failed, setFailed] = useState(false);
  const { submitting, formError, runSubmission } = useFormSubmission(t('dataRights.exportFailed'));
  const poller = useJobPoller({
    jobId,
    fetchStatus: dataExportStatus,
    ceilingMs: 5_000,
    onEnd: (status) => setFailed(status.status !== 'Completed'),
    onGiveUp: () => setFailed(true),
    fatal: (error) => error instanceof ApiError && error.status === 404,
  });
  const status = poller.status?.status;
  const ready = status === 'Completed' && !failed;
  const preparing = !!jobId && !ready && !failed;

  const start = () =>
    runSubmission(async () => {
      setFailed(false);
      setJobId((await requestDataExport()).jobId);
    });
  const download = () =>
    runSubmission(async () => {
      saveBlob(await downloadDataExport(jobId!), 'Ratkaisu-data.zip');
    });

  return (
    <DataCard id="data-export-heading" heading={t('dataRights.exportHeading')} intro={t('dataRights.exportIntro')}>
      <FormMessage intent="error" message={formError ?? (failed ? t('dataRights.exportFailed') : null)} />
      {preparing && <Spinner size="small" labelPosition="after" label={t('dataRights.exportPreparing')} />}
      {ready && (
        <FormMessage intent="success" message={t('dataRights.exportReady', { hours: DATA_EXPORT_VALID_HOURS })} />
      )}
      {ready ? (
        <Button appearance="primary" className={styles.action} disabled={submitting} onClick={() => void download()}>
          {t('dataRights.exportDownload')}
        </Button>
      ) : (
        <Button
          appearance="primary"
          className={styles.action}
          disabled={submitting || preparing}
          onClick={() => void start()}
        >
          {t('dataRights.exportStart')}
        </Button>
      )}
    </DataCard>
  );
}

/** The closure: a dialog that signs in again; refusals name the open cases; success goes to /account-closed. */
function CloseAccountCard() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const tfaEnabled = useAuthStore((state) => state.tfaEnabled);
  const workAccount = signedInWithWorkAccount();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<{ password?: string; code?: string; confirm?: string }>({});
  const [blockers, setBlockers] = useState<OpenCaseBlocker[] | null>(null);
  const [refused, setRefused] = useState(false);
  const { submitting, formError, setFormError, runSubmission } = useFormSubmission(t('ErrorTryAgainText'));

  const close = () => {
    if (submitting) return;
    setOpen(false);
    setPassword('');
    setCode('');
    setConfirmed(false);
    setFieldErrors({});
    setBlockers(null);
    setRefused(false);
    setFormError(null);
  };

  const submit = async () => {
    const errors = {
      ...(!workAccount && !password ? { password: t('dataRights.passwordRequired') } : {}),
      ...(!workAccount && tfaEnabled && !code.trim() ? { code: t('accountPages.tfaCodeRequired') } : {}),
      ...(!confirmed ? { confirm: t('dataRights.confirmRequired') } : {}),
    };
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setBlockers(null);
    setRefused(false);
    let cancelled = false;
    await runSubmission(
      async () => {
        let entraToken: string | undefined;
        if (workAccount) {
          entraToken = (await freshWorkAccountToken()) ?? undefined;
          if (!entraToken) {
            cancelled = true;
            return;
          }
        }
        const closed = await closeAccount(workAccount ? { entraToken } : { password, ...(tfaEnabled ? { code } : {}) });
        // The dialog goes first (a modal left open would keep the next page hidden from assistive technology).
        setOpen(false);
        await signOut();
        void navigate('/account-closed', { replace: true, state: closed });
      },
      (error) => {
        const cases = blockingCases(error);
        if (cases) setBlockers(cases);
        setRefused(error instanceof ApiError && error.status === 401);
      },
    );
    if (cancelled) setFormError(t('dataRights.signInCancelled'));
  };

  // The server's refusals in the screen's language: wrong credentials, and the open cases by name.
  const shownError =
    blockers !== null
      ? t('dataRights.openCases')
      : formError && refused && !workAccount
        ? t('dataRights.reauthFailed')
        : formError;

  return (
    <DataCard id="close-account-heading" heading={t('dataRights.closeHeading')} intro={t('dataRights.closeIntro')}>
      <Button className={styles.action} onClick={() => setOpen(true)}>
        {t('dataRights.closeButton')}
      </Button>
      <Modal
        open={open}
        onClose={close}
        title={t('dataRights.closeHeading')}
        actions={
          <DialogFormActions
            busy={submitting}
            confirmLabel={t('dataRights.closeSubmit')}
            onConfirm={() => void submit()}
            onCancel={close}
          />
        }
      >
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Body1 as="p" className={styles.muted}>
            {workAccount
              ? t('dataRights.closeWorkAccount')
              : tfaEnabled
                ? t('dataRights.closeDialogTextTfa')
                : t('dataRights.closeDialogText')}
          </Body1>
          <FormMessage intent="error" message={shownError} />
          {blockers && blockers.length > 0 && (
            <ul className={styles.cases} data-testid="blocking-cases">
              {blockers.map((blocker) => (
                <li key={blocker.disputeId}>
                  {blocker.caseNumber ? `${blocker.caseNumber} – ${blocker.name}` : blocker.name} (
                  {t(`dataRights.role.${blocker.role}`)})
                </li>
              ))}
            </ul>
          )}
          {!workAccount && (
            <PasswordField
              label={t('dataRights.password')}
              name="password"
              value={password}
              onChange={(value) => {
                setPassword(value);
                setFieldErrors(({ password: _cleared, ...rest }) => rest);
              }}
              required
              validationMessage={fieldErrors.password}
            />
          )}
          {!workAccount && tfaEnabled && (
            <TfaCodeField
              label={t('accountPages.tfaCode')}
              state={[code, setCode]}
              validationMessage={fieldErrors.code}
            />
          )}
          <Field validationMessage={fieldErrors.confirm}>
            <Checkbox
              checked={confirmed}
              onChange={(_event, data) => {
                setConfirmed(data.checked === true);
                setFieldErrors(({ confirm: _cleared, ...rest }) => rest);
              }}
              label={t('dataRights.confirmLabel')}
            />
          </Field>
          {/* Enter in a field submits, as in every form. */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </form>
      </Modal>
    </DataCard>
  );
}
