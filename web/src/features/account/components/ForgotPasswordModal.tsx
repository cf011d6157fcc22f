import {
  Body1,
  Button,
  Field,
  Input,
  Link,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { Modal } from '../../../ui/Modal';
import { isAcceptableEmail } from '../account-rules';
import { requestPasswordReset } from '../api/password-reset';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  text: { margin: 0 },
  link: { alignSelf: 'flex-start' },
});

/** Forgot password (SPEC.md section 2): email and Send Link; on success the AlmostThere panel replaces the form. */
export function ForgotPasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);

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
      return;
    }
    setFieldError(undefined);
    setFormError(null);
    setSubmitting(true);
    try {
      await requestPasswordReset(email.trim());
      setSent(true);
    } catch (error) {
      setFormError(errorMessage(error, t('ErrorTryAgainText')));
    } finally {
      setSubmitting(false);
    }
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
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          <Body1 as="p" className={styles.text}>
            {t('forgotPassword.intro')}
          </Body1>
          {formError ? (
            <MessageBar intent="error" role="alert" data-testid="forgot-password-error">
              <MessageBarBody>{formError}</MessageBarBody>
            </MessageBar>
          ) : null}
          <Field label={t('forgotPassword.email')} required validationMessage={fieldError}>
            <Input
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(_event, data) => setEmail(data.value)}
            />
          </Field>
          <Button
            type="submit"
            appearance="primary"
            disabled={submitting}
            icon={submitting ? <Spinner size="tiny" /> : undefined}
          >
            {t('forgotPassword.sendLink')}
          </Button>
          <Link as="button" type="button" className={styles.link} onClick={close}>
            {t('forgotPassword.backToLogin')}
          </Link>
        </form>
      )}
    </Modal>
  );
}
