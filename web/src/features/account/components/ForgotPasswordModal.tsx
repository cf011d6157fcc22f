import { Body1, Link, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../ui/FormMessage';
import { Modal } from '../../../ui/Modal';
import { SubmitButton } from '../../../ui/SubmitButton';
import { useFormSubmission } from '../../../ui/use-form-submission';
import { isAcceptableEmail } from '../account-rules';
import { requestPasswordReset } from '../api/password-reset';
import { EmailField } from './AccountFields';
import { useFocusFirstInvalid } from '../../../ui/use-focus-first-invalid';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  text: { margin: 0 },
  link: { alignSelf: 'flex-start' },
});

/** Forgot password (docs/product.md section 2): email and Send Link; on success the AlmostThere panel replaces the form. */
export function ForgotPasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const [sent, setSent] = useState(false);
  const { submitting, formError, setFormError, runSubmission } = useFormSubmission(t('ErrorTryAgainText'));

  const close = () => {
    if (submitting) return;
    setSent(false);
    setFormError(null);
    setFieldError(undefined);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isAcceptableEmail(email)) {
      setFieldError(t('register.emailInvalid'));
      focusFirstInvalid();
      return;
    }
    setFieldError(undefined);
    await runSubmission(async () => {
      await requestPasswordReset(email.trim());
      setSent(true);
    });
  };

  return (
    <Modal open={open} onClose={close} title={t('forgotPassword.heading')}>
      {sent ? (
        <div className={styles.form} data-testid="almost-there">
          <Subtitle2 as="h2" className={styles.text}>
            {t('AlmostThere')}
          </Subtitle2>
          <Body1 as="p" className={styles.text}>
            {t('forgotPassword.resetLinkSent')}
          </Body1>
          {/* The form (and the focused button) is gone: keep focus inside the dialog. */}
          <Link as="button" type="button" className={styles.link} onClick={close} autoFocus>
            {t('forgotPassword.backToLogin')}
          </Link>
        </div>
      ) : (
        <form ref={formRef} className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          <Body1 as="p" className={styles.text}>
            {t('forgotPassword.intro')}
          </Body1>
          <FormMessage intent="error" testId="forgot-password-error" message={formError} />
          <EmailField label={t('forgotPassword.email')} state={[email, setEmail]} validationMessage={fieldError} />
          <SubmitButton busy={submitting}>{t('forgotPassword.sendLink')}</SubmitButton>
          <Link as="button" type="button" className={styles.link} onClick={close}>
            {t('forgotPassword.backToLogin')}
          </Link>
        </form>
      )}
    </Modal>
  );
}
