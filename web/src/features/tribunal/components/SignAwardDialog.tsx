import {
  Body1,
  Button,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import type { AwardView } from '@ratkaisu/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { freshWorkAccountToken, signedInWithWorkAccount } from '../../../identity/fresh-sign-in';
import { Modal } from '../../../ui/Modal';
import { PasswordField } from '../../../ui/PasswordField';
import { signAward } from '../api/tribunal';
import { useFocusFirstInvalid } from '../../../ui/use-focus-first-invalid';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  text: { margin: 0 },
});

/** Signing is a re-authentication: the password, and the authenticator code where two-factor sign-in is on. */
export function SignAwardDialog({
  open,
  disputeId,
  awardId,
  onClose,
  onSigned,
}: {
  open: boolean;
  disputeId: string;
  awardId: string;
  onClose: () => void;
  onSigned: (award: AwardView) => void;
}) {
  const { t } = useTranslation();
  const { focusFirstInvalid } = useFocusFirstInvalid();
  const styles = useStyles();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const workAccount = signedInWithWorkAccount();

  const close = () => {
    if (busy) return;
    setPassword('');
    setCode('');
    setError(null);
    setCodeError(undefined);
    onClose();
  };

  const signWithWorkAccount = async () => {
    setBusy(true);
    setError(null);
    const entraToken = await freshWorkAccountToken();
    if (!entraToken) {
      setError(t('tribunal.signInCancelled'));
      setBusy(false);
      return;
    }
    try {
      const award = await signAward(disputeId, awardId, { entraToken });
      setBusy(false);
      onSigned(award);
    } catch (failure) {
      setError(errorMessage(failure, t('tribunal.signFailed')));
      setBusy(false);
    }
  };

  const sign = async () => {
    if (workAccount) return signWithWorkAccount();
    const trimmedCode = code.replace(/\s/gu, '');
    if (trimmedCode && !/^\d{6}$/u.test(trimmedCode)) {
      setCodeError(t('tribunal.codeInvalid'));
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const award = await signAward(disputeId, awardId, {
        ...(password ? { password } : {}),
        ...(trimmedCode ? { code: trimmedCode } : {}),
      });
      setBusy(false);
      setPassword('');
      setCode('');
      onSigned(award);
    } catch (failure) {
      setError(errorMessage(failure, t('tribunal.signFailed')));
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('tribunal.signTitle')}
      actions={
        <>
          <Button disabled={busy} onClick={close}>
            {t('tribunal.cancel')}
          </Button>
          <Button
            appearance="primary"
            disabled={busy}
            icon={busy ? <Spinner size="tiny" /> : undefined}
            onClick={() => void sign()}
          >
            {workAccount ? t('tribunal.signWithMicrosoft') : t('tribunal.sign')}
          </Button>
        </>
      }
    >
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          void sign();
        }}
      >
        {workAccount ? (
          <Body1 as="p" className={styles.text}>
            {t('tribunal.signWorkIntro')}
          </Body1>
        ) : (
          <>
            <Body1 as="p" className={styles.text}>
              {t('tribunal.signIntro')}
            </Body1>
            <PasswordField
              label={t('tribunal.password')}
              value={password}
              onChange={setPassword}
              autoComplete="current-password"
            />
            <Field label={t('tribunal.code')} validationMessage={codeError}>
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                value={code}
                onChange={(_e, data) => {
                  setCode(data.value);
                  setCodeError(undefined);
                }}
              />
            </Field>
          </>
        )}
        {error ? (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{error}</MessageBarBody>
          </MessageBar>
        ) : null}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
