import { makeStyles, tokens } from '@fluentui/react-components';
import { isAcceptableFullName } from '@ratkaisu/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { updateFullName } from '../api/profile';
import { useAuthStore } from '../stores/auth-store';
import { FormMessage } from './FormMessage';
import { SubmitButton } from './SubmitButton';
import { TextField } from './TextField';
import { useFocusFirstInvalid } from './use-focus-first-invalid';
import { useFormSubmission } from './use-form-submission';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  submit: { alignSelf: 'flex-start' },
});

/**
 * The account's full name — the one awards and decisions print for it as counsel — as a form: checked here as
 * the server checks it, saved with `POST /user/update-full-name`, then kept in the auth store so every screen
 * sees it. Used by the security page and by the case page's card for an account that has none yet.
 */
export function FullNameForm({ onSaved }: { onSaved?: (fullName: string) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const stored = useAuthStore((state) => state.fullName);
  const setStored = useAuthStore((state) => state.setFullName);
  const [fullName, setFullName] = useState(stored);
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const { submitting, formError, runSubmission } = useFormSubmission(t('ErrorTryAgainText'));
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();

  useEffect(() => setFullName(stored), [stored]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const invalid = isAcceptableFullName(fullName) ? undefined : t('register.fullNameInvalid');
    setError(invalid);
    if (invalid) {
      focusFirstInvalid();
      return;
    }
    await runSubmission(async () => {
      const answer = await updateFullName(fullName.trim());
      setStored(answer.fullName);
      setSaved(true);
      onSaved?.(answer.fullName);
    });
  };

  return (
    <>
      <FormMessage intent="success" testId="full-name-saved" message={saved ? t('accountPages.fullNameSaved') : null} />
      <FormMessage intent="error" testId="full-name-error" message={formError} />
      <form ref={formRef} className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('register.fullName')}
          hint={t('register.fullNameHint')}
          name="fullName"
          autoComplete="name"
          required
          value={fullName}
          onChange={setFullName}
          validationMessage={error}
        />
        <SubmitButton busy={submitting} className={styles.submit}>
          {t('accountPages.saveFullName')}
        </SubmitButton>
      </form>
    </>
  );
}
