import {
  Body1,
  Button,
  Caption1,
  Card,
  Field,
  Input,
  makeStyles,
  Radio,
  RadioGroup,
  Subtitle2,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { isFinal, type DisputeView } from '@ratkaisu/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { caseScope } from '../../../api/query-scopes';
import { FormMessage } from '../../../ui/FormMessage';
import { formatDate } from '../../../ui/format-date';
import { recordHearing } from '../api/constitution';

const useStyles = makeStyles({
  card: { padding: tokens.spacingVerticalL, gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  text: { margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  date: { maxWidth: '14rem' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
});

type Procedure = 'hearing' | 'documents';

/**
 * How the case is heard: everyone on the case sees whether the tribunal held an oral hearing
 * or decided on the documents; a seated member records it (`POST …/tribunal/hearing`) until the case is final.
 * The award's history prints what is recorded, and without a record says the case was decided on the
 * documents as the agreement provides. A record made fetches the case's queries again.
 */
export function HearingCard({ dispute }: { dispute: DisputeView }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const headingId = useId();
  const [procedure, setProcedure] = useState<Procedure>('hearing');
  const [date, setDate] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ date?: string; note?: string }>({});
  const [done, setDone] = useState<string | null>(null);
  const client = useQueryClient();
  const record = useMutation({
    mutationFn: (input: Parameters<typeof recordHearing>[1]) => recordHearing(dispute.id, input),
    onSuccess: () => {
      setNote('');
      setDate('');
      setDone(t('constitution.hearingRecorded'));
      return client.invalidateQueries({ queryKey: caseScope(dispute.id) });
    },
  });
  const hearing = dispute.constitution?.hearing;
  const canRecord = dispute.side === 'tribunal' && !isFinal(dispute);

  const submit = () => {
    const trimmed = note.trim();
    const missing = {
      ...(procedure === 'hearing' && !date ? { date: t('constitution.hearingDateRequired') } : {}),
      ...(procedure === 'hearing' && trimmed.length < 3 ? { note: t('constitution.hearingNoteRequired') } : {}),
    };
    setErrors(missing);
    setDone(null);
    if (Object.keys(missing).length > 0) return;
    record.mutate(procedure === 'hearing' ? { procedure, date, note: trimmed } : { procedure, note: trimmed });
  };
  // Made at render time, so the refusal follows the user's language.
  const error = record.error ? errorMessage(record.error, t('constitution.failed')) : null;

  return (
    <Card className={styles.card} role="region" aria-labelledby={headingId} data-testid="hearing-card">
      <Subtitle2 as="h2" id={headingId} className={styles.heading}>
        {t('constitution.hearingHeading')}
      </Subtitle2>
      <Body1 as="p" className={styles.text} data-testid="hearing-status">
        {!hearing
          ? t('constitution.hearingNone')
          : hearing.procedure === 'documents'
            ? t('constitution.hearingDocuments', { date: formatDate(hearing.recordedAt), name: hearing.name })
            : t('constitution.hearingHeld', {
                date: formatDate(`${hearing.date}T12:00:00`),
                note: hearing.note,
                name: hearing.name,
              })}
      </Body1>
      {hearing?.procedure === 'documents' && hearing.note ? (
        <Caption1 className={styles.text}>{t('constitution.hearingDocumentsNote', { note: hearing.note })}</Caption1>
      ) : null}
      {canRecord ? (
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Field label={t('constitution.hearingChoice')}>
            <RadioGroup
              value={procedure}
              onChange={(_, data) => {
                setProcedure(data.value as Procedure);
                setErrors({});
              }}
            >
              <Radio value="hearing" label={t('constitution.hearingOptionHearing')} />
              <Radio value="documents" label={t('constitution.hearingOptionDocuments')} />
            </RadioGroup>
          </Field>
          {procedure === 'hearing' ? (
            <Field label={t('constitution.hearingDate')} required validationMessage={errors.date}>
              <Input
                className={styles.date}
                type="date"
                value={date}
                onChange={(_, data) => {
                  setDate(data.value);
                  setErrors((current) => ({ ...current, date: undefined }));
                }}
              />
            </Field>
          ) : null}
          <Field
            label={procedure === 'hearing' ? t('constitution.hearingNote') : t('constitution.hearingDocumentsGrounds')}
            required={procedure === 'hearing'}
            validationMessage={errors.note}
          >
            <Textarea
              value={note}
              resize="vertical"
              maxLength={2000}
              onChange={(_, data) => {
                setNote(data.value);
                setErrors((current) => ({ ...current, note: undefined }));
              }}
            />
          </Field>
          <div className={styles.actions}>
            <Button appearance="primary" type="submit" disabled={record.isPending}>
              {t('constitution.hearingRecord')}
            </Button>
          </div>
          <FormMessage intent="error" message={error} />
          <FormMessage intent="success" message={done} />
        </form>
      ) : null}
    </Card>
  );
}
