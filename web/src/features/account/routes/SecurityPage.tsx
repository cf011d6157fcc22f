import {
  Body1,
  Button,
  Card,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle1,
  tokens,
} from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { useAuthStore } from '../../../stores/auth-store';
import { PasswordField } from '../../../ui/PasswordField';
import { MIN_PASSWORD_LENGTH, MIN_TFA_CODE_LENGTH } from '../account-rules';
import { changePassword, getTfaKey, toggleTfa, type TfaKey } from '../api/security';
import { AccountTabs } from '../components/AccountTabs';

/** SPEC.md section 9: QR size 240, level H. */
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

/** /security: change the password, turn two-factor authentication on or off. */
export default function SecurityPage() {
  const styles = useStyles();
  return (
    <section className={styles.page}>
      <AccountTabs />
      <div className={styles.columns}>
        <ChangePasswordCard />
        <TwoFactorCard />
      </div>
    </section>
  );
}

interface PasswordErrors {
  oldPassword?: string;
  newPassword?: string;
  confirm?: string;
  tfaCode?: string;
}

function ChangePasswordCard() {
  const { t } = useTranslation();
  const styles = useStyles();
  const tfaEnabled = useAuthStore((state) => state.tfaEnabled);
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [tfaCode, setTfaCode] = useState('');
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const validate = (): PasswordErrors => {
    const found: PasswordErrors = {};
    if (oldPassword.length < MIN_PASSWORD_LENGTH) found.oldPassword = t('register.passwordTooShort');
    if (newPassword.length < MIN_PASSWORD_LENGTH) found.newPassword = t('register.passwordTooShort');
    if (confirm.length < MIN_PASSWORD_LENGTH) found.confirm = t('register.passwordTooShort');
    else if (confirm !== newPassword) found.confirm = t('PasswordsDontMatch');
    if (tfaEnabled) found.tfaCode = tfaCodeError(tfaCode, t);
    if (found.tfaCode === undefined) delete found.tfaCode;
    return found;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setChanged(false);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    setFormError(null);
    try {
      await changePassword({ oldPassword, newPassword, ...(tfaEnabled ? { tfaCode: tfaCode.trim() } : {}) });
      setChanged(true);
      setOldPassword('');
      setNewPassword('');
      setConfirm('');
      setTfaCode('');
    } catch (error) {
      setFormError(errorMessage(error, t('ErrorTryAgainText')));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card className={styles.card} role="region" aria-labelledby="change-password-heading">
      <Subtitle1 as="h2" id="change-password-heading" className={styles.heading}>
        {t('accountPages.changePassword')}
      </Subtitle1>
      <Body1 as="p" className={styles.muted}>
        {t('accountPages.changePasswordIntro')}
      </Body1>
      {changed ? (
        <MessageBar intent="success" data-testid="password-changed">
          <MessageBarBody>{t('accountPages.passwordChanged')}</MessageBarBody>
        </MessageBar>
      ) : null}
      {formError ? (
        <MessageBar intent="error" role="alert" data-testid="change-password-error">
          <MessageBarBody>{formError}</MessageBarBody>
        </MessageBar>
      ) : null}
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <PasswordField
          label={t('accountPages.oldPassword')}
          name="oldPassword"
          autoComplete="current-password"
          required
          value={oldPassword}
          onChange={setOldPassword}
          validationMessage={errors.oldPassword}
        />
        <PasswordField
          label={t('accountPages.newPassword')}
          name="newPassword"
          autoComplete="new-password"
          required
          value={newPassword}
          onChange={setNewPassword}
          validationMessage={errors.newPassword}
        />
        <PasswordField
          label={t('accountPages.confirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={setConfirm}
          validationMessage={errors.confirm}
        />
        {tfaEnabled ? (
          <Field label={t('accountPages.tfaCode')} required validationMessage={errors.tfaCode}>
            <Input
              name="tfaCode"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={tfaCode}
              onChange={(_event, data) => setTfaCode(data.value)}
            />
          </Field>
        ) : null}
        <Button
          type="submit"
          appearance="primary"
          className={styles.submit}
          disabled={submitting}
          icon={submitting ? <Spinner size="tiny" /> : undefined}
        >
          {t('accountPages.changePassword')}
        </Button>
      </form>
    </Card>
  );
}

type KeyState = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; key: TfaKey } | { status: 'failed' };

function TwoFactorCard() {
  const { t } = useTranslation();
  const styles = useStyles();
  const tfaEnabled = useAuthStore((state) => state.tfaEnabled);
  const [keyState, setKeyState] = useState<KeyState>({ status: 'idle' });
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  // While two-factor is off, a key to set it up is shown; the server refuses one while it is on.
  useEffect(() => {
    if (tfaEnabled) {
      setKeyState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setKeyState({ status: 'loading' });
    getTfaKey(controller.signal).then(
      (result) => {
        if (result.kind === 'already-enabled') {
          // SPEC.md section 4: the server says it is on, so the local flag was stale.
          useAuthStore.setState({ tfaEnabled: true });
        } else {
          setKeyState({ status: 'ready', key: result.key });
        }
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setKeyState({ status: 'failed' });
        setFormError(errorMessage(error, t('ErrorTryAgainText')));
      },
    );
    return () => controller.abort();
  }, [tfaEnabled, t]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const error = tfaCodeError(code, t);
    setCodeError(error);
    setChanged(false);
    if (error) return;
    setSubmitting(true);
    setFormError(null);
    try {
      const result = await toggleTfa(code.trim());
      setCode('');
      setChanged(true);
      useAuthStore.setState({ tfaEnabled: result.tfaEnabled });
    } catch (failure) {
      setFormError(errorMessage(failure, t('ErrorTryAgainText')));
    } finally {
      setSubmitting(false);
    }
  };

  const canSubmit = tfaEnabled || keyState.status === 'ready';

  return (
    <Card className={styles.card} role="region" aria-labelledby="two-factor-heading">
      <Subtitle1 as="h2" id="two-factor-heading" className={styles.heading}>
        {t('accountPages.twoFactor')}
      </Subtitle1>
      <Body1 as="p" className={styles.muted} data-testid="tfa-status">
        {tfaEnabled ? t('accountPages.tfaOn') : t('accountPages.tfaOff')}
      </Body1>
      {changed ? (
        <MessageBar intent="success" data-testid="tfa-changed">
          <MessageBarBody>{t('accountPages.tfaSettingsChanged')}</MessageBarBody>
        </MessageBar>
      ) : null}
      {formError ? (
        <MessageBar intent="error" role="alert" data-testid="tfa-error">
          <MessageBarBody>{formError}</MessageBarBody>
        </MessageBar>
      ) : null}

      {!tfaEnabled && keyState.status === 'loading' ? (
        <Spinner size="small" label={t('accountPages.loadingTfaKey')} role="status" />
      ) : null}
      {!tfaEnabled && keyState.status === 'ready' ? (
        <>
          <Body1 as="p" className={styles.heading}>
            {t('accountPages.tfaSetupInstructions')}
          </Body1>
          <div className={styles.qr}>
            <QRCodeSVG
              value={keyState.key.uri}
              size={QR_SIZE}
              level="H"
              title={t('accountPages.tfaQrLabel')}
              data-testid="tfa-qr"
            />
          </div>
          <Field label={t('accountPages.backupCode')}>
            <Input readOnly value={keyState.key.tfaKey} className={styles.code} name="backupCode" />
          </Field>
        </>
      ) : null}
      {tfaEnabled ? (
        <Body1 as="p" className={styles.heading}>
          {t('accountPages.tfaDisableInstructions')}
        </Body1>
      ) : null}

      {canSubmit ? (
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          <Field label={t('accountPages.tfaCode')} required validationMessage={codeError}>
            <Input
              name="tfaToggleCode"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(_event, data) => setCode(data.value)}
            />
          </Field>
          <Button
            type="submit"
            appearance="primary"
            className={styles.submit}
            disabled={submitting}
            icon={submitting ? <Spinner size="tiny" /> : undefined}
          >
            {tfaEnabled ? t('accountPages.disableTfa') : t('accountPages.enableTfa')}
          </Button>
        </form>
      ) : null}
    </Card>
  );
}
