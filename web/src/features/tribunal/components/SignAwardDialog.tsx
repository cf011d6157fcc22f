import { Body1, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import type { AwardView } from '@ratkaisu/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { freshWorkAccountToken, signedInWithWorkAccount } from '../../../identity/fresh-sign-in';
import { DialogFormActions } from '../../../ui/DialogFormActions';
import { FormMessage } from '../../../ui/FormMessage';
import { Modal } from '../../../ui/Modal';
import { useFormSubmission } from '../../../ui/use-form-submission';
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
  const { submitting: busy, formError, setFormError, runSubmission } = useFormSubmission(t('tribunal.signFailed'));
  const workAccount = signedInWithWorkAccount();

  const close = () => {
    if (busy) return;
    setPassword('');
    setCode('');
    setFormError(null);
    setCodeError(undefined);
    onClose();
  };

  const signWithWorkAccount = async () => {
    let signed: AwardView | undefined;
    let cancelled = false;
    await runSubmission(async () => {
      const entraToken = await freshWorkAccountToken();
      if (!entraToken) {
        cancelled = true;
        return;
      }
      signed = await signAward(disputeId, awardId, { entraToken });
    });
    if (cancelled) setFormError(t('tribunal.signInCancelled'));
    if (signed) onSigned(signed);
  };

  const sign = async () => {
    if (workAccount) return signWithWorkAccount();
    const trimmedCode = code.replace(/\s/gu, '');
    if (trimmedCode && !/^\d{6}$/u.test(trimmedCode)) {
      setCodeError(t('tribunal.codeInvalid'));
      focusFirstInvalid();
      return;
    }
    let signed: AwardView | undefined;
    await runSubmission(async () => {
      signed = await signAward(disputeId, awardId, {
        ...(password ? { password } : {}),
        ...(trimmedCode ? { code: trimmedCode } : {}),
      });
    });
    if (!signed) return;
    setPassword('');
    setCode('');
    onSigned(signed);
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('tribunal.signTitle')}
      actions={
        <DialogFormActions
          busy={busy}
          confirmLabel={workAccount ? t('tribunal.signWithMicrosoft') : t('tribunal.sign')}
          onConfirm={() => void sign()}
          onCancel={close}
        />
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
        <FormMessage intent="error" message={formError} />
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
