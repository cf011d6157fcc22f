import {
  Body1,
  Checkbox,
  Field,
  Link,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  tokens,
} from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { FormMessage } from '../../../ui/FormMessage';
import { Modal } from '../../../ui/Modal';
import { PasswordField } from '../../../ui/PasswordField';
import { SubmitButton } from '../../../ui/SubmitButton';
import { TextField } from '../../../ui/TextField';
import { useFocusFirstInvalid } from '../../../ui/use-focus-first-invalid';
import { useFormSubmission } from '../../../ui/use-form-submission';
import { isAcceptableEmail, MIN_USERNAME_LENGTH } from '../account-rules';
import { register } from '../api/register';
import { ApiError } from '../../../api/client';
import { errorMessage } from '../../../api/error-message';
import { fieldErrorMessages } from '../../../api/field-error-messages';
import { useUsernameAvailability } from '../use-username-availability';
import { EmailField, UsernameField } from './AccountFields';
import { PasswordStrength } from './PasswordStrength';
import { passwordLengthError } from '../password-errors';
import { isAcceptableFullName } from '@ratkaisu/core';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  footer: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'flex-start' },
  text: { margin: 0 },
});

interface FieldErrors {
  fullName?: string;
  username?: string;
  email?: string;
  password?: string;
  promoCode?: string;
  terms?: string;
}

/** The fields of the register request that the form shows an error at (the server's `fields` keys). */
const REGISTER_FIELDS = ['fullName', 'username', 'email', 'password', 'promoCode'] as const;

function pick(fields: Record<string, string>, names: readonly (keyof FieldErrors)[]): FieldErrors {
  return Object.fromEntries(names.flatMap((name) => (fields[name] ? [[name, fields[name]]] : [])));
}

/** An invitation the sign-up is bound to: the invited address is filled in and cannot be changed. */
export interface RegisterInvitation {
  token: string;
  email: string;
}

/**
 * The register modal (docs/product.md section 2): full name (ours: the name awards print), username, email, password,
 * terms; then "check your email".
 * From an invitation, the email is the invited address, read-only (the server refuses another one for
 * that invitation); `returnTo` is where the confirmation link leads after sign-in.
 */
export function RegisterModal({
  open,
  onClose,
  invitation,
  returnTo,
}: {
  open: boolean;
  onClose: () => void;
  invitation?: RegisterInvitation;
  returnTo?: string;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [fullName, setFullName] = useState('');
  const [username, setUsername] = useState('');
  const [typedEmail, setEmail] = useState('');
  const email = invitation?.email ?? typedEmail;
  const [password, setPassword] = useState('');
  const [promoCode, setPromoCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [registered, setRegistered] = useState(false);
  const { submitting, formError, setFormError, runSubmission } = useFormSubmission(t('ErrorTryAgainText'));
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  // Said as the user types: a taken username is not found out after a sign-up that looked fine.
  const availability = useUsernameAvailability(username);
  const usernameHint =
    availability === 'checking'
      ? t('firstUse.username.checking')
      : availability === 'available'
        ? t('firstUse.username.available')
        : availability === 'failed'
          ? t('firstUse.username.checkFailed')
          : undefined;
  const usernameError = fieldErrors.username ?? (availability === 'taken' ? t('firstUse.username.taken') : undefined);

  const close = () => {
    if (submitting) return;
    setRegistered(false);
    setPassword('');
    setFormError(null);
    setFieldErrors({});
    onClose();
  };

  const validate = (): FieldErrors => {
    const errors: FieldErrors = {};
    if (!isAcceptableFullName(fullName)) errors.fullName = t('register.fullNameInvalid');
    if (username.trim().length < MIN_USERNAME_LENGTH) errors.username = t('register.usernameTooShort');
    else if (availability === 'taken') errors.username = t('firstUse.username.taken');
    if (!isAcceptableEmail(email)) errors.email = t('register.emailInvalid');
    const passwordError = passwordLengthError(password, t);
    if (passwordError) errors.password = passwordError;
    if (!agreed) errors.terms = t('register.termsRequired');
    return errors;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = validate();
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) {
      focusFirstInvalid();
      return;
    }
    let fieldRefused = false;
    await runSubmission(
      async () => {
        await register({
          fullName: fullName.trim(),
          username: username.trim(),
          email: email.trim(),
          password,
          promoCode: promoCode.trim(),
          ...(invitation ? { invitationToken: invitation.token } : {}),
          ...(returnTo ? { returnTo } : {}),
        });
        setRegistered(true);
      },
      (error) => {
        // A field the server refused (a rule the screen does not check, such as the user name's characters):
        // said at the field in the screen's language.
        const refusedFields = pick(fieldErrorMessages(error), REGISTER_FIELDS);
        if (Object.keys(refusedFields).length > 0) {
          fieldRefused = true;
          setFieldErrors((current) => ({ ...current, ...refusedFields }));
        }
        // Taken meanwhile (or the check could not answer): said at the field, and no success panel.
        if (error instanceof ApiError && error.code === 'username_taken') {
          fieldRefused = true;
          setFieldErrors((current) => ({ ...current, username: t('firstUse.username.taken') }));
        }
        // A promo code that cannot be used (docs/fees.md "Promo codes"): said at its field, in the screen's
        // language, from the refusal catalogue by its reason.
        if (error instanceof ApiError && error.reason?.startsWith('promoCodes.')) {
          fieldRefused = true;
          const text = errorMessage(error, t('ErrorTryAgainText'));
          setFieldErrors((current) => ({ ...current, promoCode: text }));
        }
      },
    );
    if (fieldRefused) {
      setFormError(null);
      focusFirstInvalid();
    }
  };

  return (
    <Modal open={open} onClose={close} title={t('register.heading')}>
      {registered ? (
        <div className={styles.form}>
          <MessageBar intent="success" data-testid="register-success">
            <MessageBarBody>
              <MessageBarTitle>{t('register.checkEmail')}</MessageBarTitle>
              {t('register.checkEmailDetail')}
            </MessageBarBody>
          </MessageBar>
          {/* The form (and the focused button) is gone: keep focus inside the dialog. */}
          <Link as="button" type="button" onClick={close} autoFocus>
            {t('forgotPassword.backToLogin')}
          </Link>
        </div>
      ) : (
        <form ref={formRef} className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          <FormMessage intent="error" testId="register-error" message={formError} />
          <TextField
            label={t('register.fullName')}
            name="fullName"
            autoComplete="name"
            required
            value={fullName}
            onChange={setFullName}
            hint={t('register.fullNameHint')}
            validationMessage={fieldErrors.fullName}
          />
          <UsernameField
            label={t('register.username')}
            state={[
              username,
              (value: string) => {
                setUsername(value);
                // A server refusal was about the name as it was; the check takes over for the new one.
                if (fieldErrors.username) setFieldErrors(({ username: _old, ...rest }) => rest);
              },
            ]}
            validationMessage={usernameError}
            {...(usernameHint && !usernameError ? { hint: usernameHint } : {})}
          />
          <EmailField
            label={t('register.email')}
            state={[email, setEmail]}
            validationMessage={fieldErrors.email}
            readOnly={invitation !== undefined}
            {...(invitation ? { hint: t('invitation.emailBound') } : {})}
          />
          <PasswordField
            label={t('register.password')}
            name="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={setPassword}
            validationMessage={fieldErrors.password}
          />
          <PasswordStrength password={password} username={username.trim()} email={email.trim()} />
          <TextField
            label={t('register.promoCode')}
            name="promoCode"
            value={promoCode}
            onChange={setPromoCode}
            validationMessage={fieldErrors.promoCode}
          />
          <Field validationMessage={fieldErrors.terms}>
            <Checkbox
              checked={agreed}
              onChange={(_event, data) => setAgreed(data.checked === true)}
              label={
                <Trans
                  i18nKey="register.agreeToTermsLinked"
                  components={{
                    // A new tab, so what was typed here is not lost.
                    termsLink: <Link href="/terms-of-service" target="_blank" rel="noopener noreferrer" inline />,
                  }}
                />
              }
            />
          </Field>
          <SubmitButton busy={submitting}>{t('register.signUp')}</SubmitButton>
          <div className={styles.footer}>
            <Body1 as="p" className={styles.text}>
              <Link as="button" type="button" onClick={close}>
                {t('register.haveAccount')}
              </Link>
            </Body1>
          </div>
        </form>
      )}
    </Modal>
  );
}
