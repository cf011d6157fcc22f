import { Body1, Card, Field, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { FormMessage } from '../../../ui/FormMessage';
import { SubmitButton } from '../../../ui/SubmitButton';
import { megabytes } from '../../../ui/upload-limits';
import { importBankStatement } from '../api/payments-api';
import { BankStatementResult } from './BankStatementResult';

/**
 * The largest statement the screen sends: the API's default limit of a request body that is not an upload
 * (`MAX_JSON_BODY_BYTES`, docs/settings.md). A larger file is refused here, before it is sent; a server set lower
 * still answers its own refusal, shown by its reason.
 */
export const BANK_STATEMENT_MAX_BYTES = 1024 * 1024;

const useStyles = makeStyles({
  section: { padding: tokens.spacingVerticalM, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  // The button under the field: beside it, it floats between the file name, its refusal and the hint.
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'flex-start' },
  field: { width: '100%', maxWidth: '420px' },
  file: { maxWidth: '100%' },
});

/**
 * A SuperAdmin's import of the bank's camt.054 statement (`POST /api/superadmin/payments/bank-statement`,
 * docs/fees.md "Bank statements"): the file is checked here (an .xml name, not empty, within the size limit),
 * sent as XML, and the answer shown group by group; `onImported` lets the payments list fetch again.
 */
export function BankStatementImport({ onImported }: { onImported: () => void }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [checkError, setCheckError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (chosen: File) => importBankStatement(chosen),
    onSuccess: () => {
      setFile(null);
      if (input.current) input.current.value = '';
      onImported();
    },
  });
  const mb = megabytes(BANK_STATEMENT_MAX_BYTES, i18n.language);

  /** Why this file cannot be sent, in the screen's language; null when it can. */
  const refusalOf = (chosen: File | null): string | null => {
    if (!chosen) return t('payments.bankStatement.chooseFile');
    if (!/\.xml$/i.test(chosen.name)) return t('payments.bankStatement.notXml', { name: chosen.name });
    if (chosen.size === 0) return t('payments.bankStatement.empty', { name: chosen.name });
    if (chosen.size > BANK_STATEMENT_MAX_BYTES) {
      return t('payments.bankStatement.tooLarge', {
        name: chosen.name,
        size: megabytes(chosen.size, i18n.language),
        mb,
      });
    }
    return null;
  };

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setCheckError(chosen ? refusalOf(chosen) : null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refusal = refusalOf(file);
    setCheckError(refusal);
    if (refusal === null && file) upload.mutate(file);
  };

  return (
    <Card className={styles.section}>
      <Subtitle2 as="h2" className={styles.heading}>
        {t('payments.bankStatement.title')}
      </Subtitle2>
      <Body1>{t('payments.bankStatement.intro')}</Body1>
      <FormMessage
        intent="error"
        message={upload.error ? errorMessage(upload.error, t('payments.bankStatement.failed')) : null}
      />
      <form className={styles.form} onSubmit={submit} data-testid="bank-statement-form" noValidate>
        <Field
          className={styles.field}
          label={t('payments.bankStatement.file')}
          hint={t('payments.bankStatement.fileHint', { mb })}
          validationState={checkError ? 'error' : 'none'}
          validationMessage={checkError ?? undefined}
        >
          {(fieldProps) => (
            <input
              {...fieldProps}
              ref={input}
              className={styles.file}
              type="file"
              accept=".xml,application/xml,text/xml"
              onChange={(event) => {
                if (upload.error) upload.reset();
                choose(event.target.files?.[0] ?? null);
              }}
            />
          )}
        </Field>
        <SubmitButton busy={upload.isPending}>
          {upload.isPending ? t('payments.bankStatement.importing') : t('payments.bankStatement.import')}
        </SubmitButton>
      </form>
      {upload.data && upload.variables ? (
        <BankStatementResult result={upload.data} fileName={upload.variables.name} />
      ) : null}
    </Card>
  );
}
