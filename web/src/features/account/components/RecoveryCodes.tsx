import { Body1, Button, makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { FormMessage } from '../../../ui/FormMessage';
import { PasswordField } from '../../../ui/PasswordField';
import { saveBlob } from '../../../ui/save-blob';
import { SubmitButton } from '../../../ui/SubmitButton';
import { useFocusFirstInvalid } from '../../../ui/use-focus-first-invalid';
import { useFormSubmission } from '../../../ui/use-form-submission';
import { createRecoveryCodes, getRecoveryCodeStatus } from '../api/security';
import { TfaCodeField } from './AccountFields';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  list: {
    margin: 0,
    // The numbers inside the card's padding, "10." too, on a phone as on a desktop.
    paddingLeft: 0,
    listStylePosition: 'inside',
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(9em, 1fr))',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase400,
  },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  submit: { alignSelf: 'flex-start' },
});

/**
 * The two-factor card's recovery codes (docs/decisions.md, "Recovery codes"): the ten codes just made, shown
 * this once with a download; how many are left; and ten new ones after the password and a second factor.
 */
export function RecoveryCodes({ justMade }: { justMade: string[] | undefined }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [shown, setShown] = useState<string[] | undefined>(justMade);
  const [left, setLeft] = useState<number | null>(null);
  const [asking, setAsking] = useState(false);

  useEffect(() => setShown(justMade), [justMade]);
  useEffect(() => {
    const controller = new AbortController();
    getRecoveryCodeStatus(controller.signal).then(
      (status) => setLeft(status.left),
      () => setLeft(null),
    );
    return () => controller.abort();
  }, [shown]);

  return (
    <section className={styles.section} aria-labelledby="recovery-codes-heading" data-testid="recovery-codes">
      <Body1 as="h3" id="recovery-codes-heading" className={styles.heading}>
        {t('recoveryCodes.heading')}
      </Body1>
      {shown ? (
        <>
          <MessageBar intent="warning" data-testid="recovery-codes-once">
            <MessageBarBody>{t('recoveryCodes.showOnce')}</MessageBarBody>
          </MessageBar>
          <ol className={styles.list} aria-label={t('recoveryCodes.listLabel')} data-testid="recovery-code-list">
            {shown.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ol>
          <div className={styles.actions}>
            <Button
              onClick={() =>
                saveBlob(
                  new Blob([`${t('recoveryCodes.fileIntro')}\n\n${shown.join('\n')}\n`], { type: 'text/plain' }),
                  t('recoveryCodes.fileName'),
                )
              }
            >
              {t('recoveryCodes.download')}
            </Button>
            <Button appearance="primary" onClick={() => setShown(undefined)}>
              {t('recoveryCodes.saved')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <Body1 as="p" className={styles.heading} style={{ fontWeight: 'normal' }} data-testid="recovery-codes-left">
            {left === null ? t('recoveryCodes.intro') : t('recoveryCodes.left', { count: left })}
          </Body1>
          {asking ? (
            <NewCodesForm
              onMade={(codes) => {
                setAsking(false);
                setShown(codes);
              }}
              onCancel={() => setAsking(false)}
            />
          ) : (
            <Button className={styles.submit} onClick={() => setAsking(true)}>
              {t('recoveryCodes.makeNew')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

/** The password and a second factor, then ten new codes in place of the old. */
function NewCodesForm({ onMade, onCancel }: { onMade: (codes: string[]) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; tfaCode?: string }>({});
  const { submitting, formError, runSubmission } = useFormSubmission(t('ErrorTryAgainText'));
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      ...(password === '' ? { password: t('recoveryCodes.passwordRequired') } : {}),
      ...(code.trim() === '' ? { tfaCode: t('accountPages.tfaCodeRequired') } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    await runSubmission(
      async () => onMade(await createRecoveryCodes({ password, tfaCode: code.trim() })),
      (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
      },
    );
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <Body1 as="p" style={{ margin: 0 }}>
        {t('recoveryCodes.makeNewIntro')}
      </Body1>
      <FormMessage intent="error" testId="recovery-codes-error" message={formError} />
      <PasswordField
        label={t('recoveryCodes.password')}
        name="recoveryPassword"
        autoComplete="current-password"
        required
        value={password}
        onChange={setPassword}
        validationMessage={errors.password}
      />
      <TfaCodeField
        label={t('accountPages.tfaCode')}
        hint={t('login.tfaCodeHint')}
        name="recoveryTfaCode"
        state={[code, setCode]}
        validationMessage={errors.tfaCode}
      />
      <div className={styles.actions}>
        <SubmitButton busy={submitting}>{t('recoveryCodes.makeNewSubmit')}</SubmitButton>
        <Button onClick={onCancel}>{t('cases.cancel')}</Button>
      </div>
    </form>
  );
}
