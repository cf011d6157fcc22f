import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Select,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AI_PROBLEM_KINDS, type AiOutput, type AiProblemKind } from '@ratkaisu/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/api';
import { FormMessage } from './FormMessage';
import { Modal } from './Modal';
import { SubmitButton } from './SubmitButton';
import { useFormSubmission } from './use-form-submission';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  intro: { margin: 0, color: tokens.colorNeutralForeground2 },
});

/** Which AI output the report is about, and where it is sent: the case's route, or the public generator's. */
export type AiProblemTarget =
  | { disputeId: string; output: Exclude<AiOutput, 'anonymousDecision'>; outputId: string }
  | { jobId: string; output: 'anonymousDecision' };

/**
 * "Report a problem" on every AI output (EU AI Act): what is wrong, where, in the reporter's
 * words. The report is logged in the case's AI-use log and mailed to the institution's administrators.
 */
export function ReportAiProblem({
  target,
  location,
  label,
}: {
  target: AiProblemTarget;
  location?: string;
  /** The button's accessible name where several are on one page (e.g. one per chapter). */
  label?: string;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<AiProblemKind>('fact');
  const [where, setWhere] = useState(location ?? '');
  const [description, setDescription] = useState('');
  const [sent, setSent] = useState(false);
  const { submitting, formError, setFormError, runSubmission } = useFormSubmission(t('aiProblem.failed'));

  const close = () => {
    setOpen(false);
    setSent(false);
    setFormError(null);
  };

  const submit = () =>
    runSubmission(async () => {
      const body = { output: target.output, kind, location: where.trim(), description: description.trim() };
      if ('jobId' in target) {
        await api.post(`/api/dispute/job/${target.jobId}/ai-problem-reports`, { ...body, outputId: target.jobId });
      } else {
        await api.post(`/api/dispute/${target.disputeId}/ai-problem-reports`, { ...body, outputId: target.outputId });
      }
      setSent(true);
      setDescription('');
    });

  return (
    <>
      <Button
        appearance="subtle"
        size="small"
        onClick={() => setOpen(true)}
        {...(label ? { 'aria-label': label } : {})}
      >
        {t('aiProblem.open')}
      </Button>
      <Modal
        open={open}
        onClose={close}
        title={t('aiProblem.title')}
        actions={
          sent ? (
            <Button appearance="primary" onClick={close}>
              {t('aiProblem.close')}
            </Button>
          ) : (
            <>
              <Button onClick={close}>{t('aiProblem.cancel')}</Button>
              <SubmitButton busy={submitting} form={formId}>
                {t('aiProblem.send')}
              </SubmitButton>
            </>
          )
        }
      >
        {sent ? (
          <FormMessage intent="success" message={t('aiProblem.sent')} testId="ai-problem-sent" />
        ) : (
          <form
            id={formId}
            className={styles.form}
            onSubmit={(event) => {
              event.preventDefault();
              if (description.trim().length < 10) {
                setFormError(t('aiProblem.describe'));
                return;
              }
              void submit();
            }}
          >
            <p className={styles.intro}>{t('aiProblem.intro')}</p>
            <FormMessage intent="error" message={formError} />
            <Field label={t('aiProblem.kind')}>
              <Select value={kind} onChange={(_event, data) => setKind(data.value as AiProblemKind)}>
                {AI_PROBLEM_KINDS.map((value) => (
                  <option key={value} value={value}>
                    {t(`aiProblem.kinds.${value}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('aiProblem.location')} hint={t('aiProblem.locationHint')}>
              <Input value={where} maxLength={200} onChange={(_event, data) => setWhere(data.value)} />
            </Field>
            <Field label={t('aiProblem.description')} required>
              <Textarea
                value={description}
                rows={5}
                maxLength={4000}
                onChange={(_event, data) => {
                  setDescription(data.value);
                  if (formError) setFormError(null);
                }}
              />
            </Field>
          </form>
        )}
      </Modal>
    </>
  );
}

/** Said before an AI system is used (EU AI Act Art. 50(1)): the text is written by an AI system. */
export function AiSystemNotice({
  textKey,
}: {
  textKey: 'aiNotice.claim' | 'aiNotice.anonymous' | 'aiNotice.decision' | 'aiNotice.tribunalDraft';
}) {
  const { t } = useTranslation();
  return (
    <MessageBar intent="info" layout="multiline" data-testid="ai-system-notice">
      <MessageBarBody>
        <MessageBarTitle>{t('aiNotice.title')}</MessageBarTitle> {t(textKey)}
      </MessageBarBody>
    </MessageBar>
  );
}
