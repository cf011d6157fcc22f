import { Body1, Card, makeStyles, Spinner, Subtitle1, tokens } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import { QRCodeSVG } from 'qrcode.react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { useAuthStore } from '../../../stores/auth-store';
import { FormMessage } from '../../../ui/FormMessage';
import { AccountLanguageCard } from '../components/AccountLanguageCard';
import { PasswordField } from '../../../ui/PasswordField';
import { SubmitButton } from '../../../ui/SubmitButton';
import { TextField } from '../../../ui/TextField';
import { useFocusFirstInvalid } from '../../../ui/use-focus-first-invalid';
import { useFormSubmission } from '../../../ui/use-form-submission';
import { MIN_TFA_CODE_LENGTH } from '../account-rules';
import { accountKeys } from '../api/query-keys';
import { changePassword, getTfaKey, toggleTfa } from '../api/security';
import { AccountTabs } from '../components/AccountTabs';
import { FullNameForm } from '../../../ui/FullNameForm';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { TfaCodeField } from '../components/AccountFields';
import { RecoveryCodes } from '../components/RecoveryCodes';
import { newPasswordErrors, passwordLengthError, type NewPasswordErrors } from '../password-errors';

/** docs/product.md section 9: QR size 240, level H. */
const QR_SIZE = 240;

const useStyles = makeStyles({
  page: { maxWidth: '1040px', width: '100%', margin: '0 auto', boxSizing: 'border-box' },
  columns: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(340px, 1fr))',
    gap: tokens.spacingHorizontalXL,
    alignItems: 'start',
  },
  card: { padding: tokens.spacingVerticalXL, gap: tokens.spacingVerticalM },
  nameRow: { marginBottom: tokens.spacingVerticalXL },
  heading: { margin: 0 },
  muted: { margin: 0, color: tokens.colorNeutralForeground3 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  submit: { alignSelf: 'flex-start' },
  qr: {
    alignSelf: 'center',
    padding: tokens.spacingVerticalM,
    backgroundColor: '#ffffff',
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    lineHeight: 0,
  },
  code: { fontFamily: tokens.fontFamilyMonospace },
});

/** Validation of a two-factor code field that is shown: required, at least 6 characters. */
function tfaCodeError(code: string, t: TFunction): string | undefined {
  const trimmed = code.trim();
  if (trimmed === '') return t('accountPages.tfaCodeRequired');
  if (trimmed.length < MIN_TFA_CODE_LENGTH) return t('accountPages.tfaCodeTooShort');
  return undefined;
}

/** /security: the account's full name, change the password, turn two-factor authentication on or off. */
export default function SecurityPage() {
  const styles = useStyles();
  return (
    <section className={styles.page}>
      <AccountTabs />
      <div className={styles.nameRow}>
        <FullNameCard />
      </div>
      <AccountLanguageCard />
      <div className={styles.columns}>
        <ChangePasswordCard />
        <TwoFactorCard />
      </div>
    </section>
  );
}

/** One of the page's two cards: a region named by its heading, with a line of introduction under it. */
function SettingsCard({
  headingId,
  heading,
  intro,
  introTestId,
  children,
}: {
  headingId: string;
  heading: string;
  intro: string;
  introTestId?: string;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <Card className={styles.card} role="region" aria-labelledby={headingId}>
      <Subtitle1 as="h2" id={headingId} className={styles.heading}>
        {heading}
      </Subtitle1>
      <Body1 as="p" className={styles.muted} data-testid={introTestId}>
        {intro}
      </Body1>
      {children}
    </Card>
  );
}

/** The name awards and proposals print for this account (an older account has none until it is set here). */
function FullNameCard() {
  const { t } = useTranslation();
  return (
    <SettingsCard
      headingId="full-name-heading"
      heading={t('accountPages.fullName')}
      intro={t('accountPages.fullNameIntro')}
    >
      <FullNameForm />
    </SettingsCard>
  );
}

interface PasswordErrors extends NewPasswordErrors {
  oldPassword?: string;
  tfaCode?: string;
}

function ChangePasswordCard() {
  const { t } = useTranslation();
  const styles = useStyles();
  const tfaEnabled = useAuthStore((state) => state.tfaEnabled);
  const userName = useAuthStore((state) => state.userName);
  const userEmail = useAuthStore((state) => state.email);
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [tfaCode, setTfaCode] = useState('');
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [changed, setChanged] = useState(false);
  const { submitting, formError, runSubmission } = useFormSubmission(t('ErrorTryAgainText'));
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();

  const validate = (): PasswordErrors => {
    const oldPasswordError = passwordLengthError(oldPassword, t);
    const tfaError = tfaEnabled ? tfaCodeError(tfaCode, t) : undefined;
    return {
      ...(oldPasswordError ? { oldPassword: oldPasswordError } : {}),
      ...newPasswordErrors(newPassword, confirm, t),
      ...(tfaError ? { tfaCode: tfaError } : {}),
    };
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setChanged(false);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    await runSubmission(async () => {
      await changePassword({ oldPassword, newPassword, ...(tfaEnabled ? { tfaCode: tfaCode.trim() } : {}) });
      setChanged(true);
      setOldPassword('');
      setNewPassword('');
      setConfirm('');
      setTfaCode('');
    });
  };

  return (
    <SettingsCard
      headingId="change-password-heading"
      heading={t('accountPages.changePassword')}
      intro={t('accountPages.changePasswordIntro')}
    >
      <FormMessage
        intent="success"
        testId="password-changed"
        message={changed ? t('accountPages.passwordChanged') : null}
      />
      <FormMessage intent="error" testId="change-password-error" message={formError} />
      <form ref={formRef} className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <PasswordField
          label={t('accountPages.oldPassword')}
          name="oldPassword"
          autoComplete="current-password"
          required
          value={oldPassword}
          onChange={setOldPassword}
          validationMessage={errors.oldPassword}
        />
        <NewPasswordFields
          newPassword={[newPassword, setNewPassword]}
          confirm={[confirm, setConfirm]}
          errors={errors}
          username={userName || undefined}
          email={userEmail || undefined}
        />
        {tfaEnabled ? (
          <TfaCodeField
            label={t('accountPages.tfaCode')}
            state={[tfaCode, setTfaCode]}
            validationMessage={errors.tfaCode}
          />
        ) : null}
        <SubmitButton busy={submitting} className={styles.submit}>
          {t('accountPages.changePassword')}
        </SubmitButton>
      </form>
    </SettingsCard>
  );
}

function TwoFactorCard() {
  const { t } = useTranslation();
  const styles = useStyles();
  const tfaEnabled = useAuthStore((state) => state.tfaEnabled);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [changed, setChanged] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | undefined>();
  const { submitting, formError, runSubmission } = useFormSubmission(t('ErrorTryAgainText'));

  // While two-factor is off, a key to set it up is shown; the server refuses one while it is on.
  const client = useQueryClient();
  const keyQuery = useQuery({
    queryKey: accountKeys.tfaKey,
    queryFn: async ({ signal }) => {
      const result = await getTfaKey(signal);
      // docs/product.md section 4: the server says it is on, so the local flag was stale.
      if (result.kind === 'already-enabled') useAuthStore.setState({ tfaEnabled: true });
      return result;
    },
    enabled: !tfaEnabled,
  });
  const key = !tfaEnabled && keyQuery.data?.kind === 'key' ? keyQuery.data.key : null;
  const keyError = !tfaEnabled && keyQuery.error ? errorMessage(keyQuery.error, t('ErrorTryAgainText')) : null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const error = tfaCodeError(code, t);
    setCodeError(error);
    setChanged(false);
    if (error) return;
    await runSubmission(async () => {
      const result = await toggleTfa(code.trim());
      setCode('');
      setChanged(true);
      setRecoveryCodes(result.recoveryCodes);
      // A key is used once: turned off again, two-factor is set up with a new one.
      client.removeQueries({ queryKey: accountKeys.tfaKey });
      useAuthStore.setState({ tfaEnabled: result.tfaEnabled });
    });
  };

  const canSubmit = tfaEnabled || key !== null;

  return (
    <SettingsCard
      headingId="two-factor-heading"
      heading={t('accountPages.twoFactor')}
      intro={tfaEnabled ? t('accountPages.tfaOn') : t('accountPages.tfaOff')}
      introTestId="tfa-status"
    >
      <FormMessage
        intent="success"
        testId="tfa-changed"
        message={changed ? t(tfaEnabled ? 'accountPages.tfaTurnedOn' : 'accountPages.tfaTurnedOff') : null}
      />
      <FormMessage intent="error" testId="tfa-error" message={formError ?? keyError} />

      {!tfaEnabled && keyQuery.isFetching && !key ? (
        <Spinner size="small" label={t('accountPages.loadingTfaKey')} role="status" />
      ) : null}
      {key ? (
        <>
          <Body1 as="p" className={styles.heading}>
            {t('accountPages.tfaSetupInstructions')}
          </Body1>
          <div className={styles.qr}>
            <QRCodeSVG
              value={key.uri}
              size={QR_SIZE}
              level="H"
              title={t('accountPages.tfaQrLabel')}
              data-testid="tfa-qr"
            />
          </div>
          <TextField
            label={t('accountPages.backupCode')}
            readOnly
            value={key.tfaKey}
            className={styles.code}
            name="backupCode"
          />
        </>
      ) : null}
      {tfaEnabled ? <RecoveryCodes justMade={recoveryCodes} /> : null}
      {tfaEnabled ? (
        <Body1 as="p" className={styles.heading}>
          {t('accountPages.tfaDisableInstructions')}
        </Body1>
      ) : null}

      {canSubmit ? (
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          <TfaCodeField
            label={t('accountPages.tfaCode')}
            name="tfaToggleCode"
            state={[code, setCode]}
            validationMessage={codeError}
          />
          <SubmitButton busy={submitting} className={styles.submit}>
            {tfaEnabled ? t('accountPages.disableTfa') : t('accountPages.enableTfa')}
          </SubmitButton>
        </form>
      ) : null}
    </SettingsCard>
  );
}
