import { Field, makeStyles, Radio, RadioGroup, Textarea, tokens } from '@fluentui/react-components';
import type { RespondAppointment } from '@ratkaisu/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFormActions } from '../../../ui/DialogFormActions';
import { FormMessage } from '../../../ui/FormMessage';
import { Modal } from '../../../ui/Modal';
import { useFormSubmission } from '../../../ui/use-form-submission';
import { respondAppointment } from '../api/tribunal';
import { useFocusFirstInvalid } from '../../../ui/use-focus-first-invalid';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/**
 * The appointed arbitrator's answer: accept with the statement of independence (no circumstances, or
 * the circumstances disclosed, which then must be written), or decline with an optional reason.
 */
export function RespondAppointmentDialog({
  mode,
  disputeId,
  onClose,
  onAnswered,
}: {
  /** Which answer the dialog gives; null when it is closed. */
  mode: 'accept' | 'decline' | null;
  disputeId: string;
  onClose: () => void;
  onAnswered: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [statement, setStatement] = useState<'none' | 'disclosed'>('none');
  const [disclosure, setDisclosure] = useState('');
  const [reason, setReason] = useState('');
  const { submitting: busy, formError, setFormError, runSubmission } = useFormSubmission(t('tribunal.actionFailed'));
  const [disclosureError, setDisclosureError] = useState<string | undefined>();
  const { focusFirstInvalid } = useFocusFirstInvalid();

  const close = () => {
    if (busy) return;
    setFormError(null);
    setDisclosureError(undefined);
    onClose();
  };

  const send = async () => {
    let answer: RespondAppointment;
    if (mode === 'accept') {
      if (statement === 'disclosed' && disclosure.trim() === '') {
        setDisclosureError(t('tribunal.disclosureRequired'));
        focusFirstInvalid();
        return;
      }
      answer =
        statement === 'disclosed'
          ? { accept: true, statement, disclosure: disclosure.trim() }
          : { accept: true, statement: 'none' };
    } else {
      answer = { accept: false, ...(reason.trim() ? { reason: reason.trim() } : {}) };
    }
    await runSubmission(async () => {
      await respondAppointment(disputeId, answer);
      onClose();
      await onAnswered();
    });
  };

  const accepting = mode === 'accept';
  return (
    <Modal
      open={mode !== null}
      onClose={close}
      size="wide"
      title={accepting ? t('tribunal.acceptTitle') : t('tribunal.declineTitle')}
      actions={
        <DialogFormActions
          busy={busy}
          confirmLabel={accepting ? t('tribunal.confirmAccept') : t('tribunal.confirmDecline')}
          onConfirm={() => void send()}
          onCancel={close}
        />
      }
    >
      <div className={styles.form}>
        {accepting ? (
          <>
            <Field label={t('tribunal.statement')} required>
              <RadioGroup
                value={statement}
                onChange={(_e, data) => {
                  setStatement(data.value === 'disclosed' ? 'disclosed' : 'none');
                  setDisclosureError(undefined);
                }}
              >
                <Radio value="none" label={t('tribunal.statementNoneOption')} />
                <Radio value="disclosed" label={t('tribunal.statementDisclosedOption')} />
              </RadioGroup>
            </Field>
            {statement === 'disclosed' ? (
              <Field label={t('tribunal.disclosure')} required validationMessage={disclosureError}>
                <Textarea
                  value={disclosure}
                  maxLength={4000}
                  resize="vertical"
                  onChange={(_e, data) => {
                    setDisclosure(data.value);
                    setDisclosureError(undefined);
                  }}
                />
              </Field>
            ) : null}
          </>
        ) : (
          <Field label={t('tribunal.declineReason')}>
            <Textarea
              value={reason}
              maxLength={2000}
              resize="vertical"
              onChange={(_e, data) => setReason(data.value)}
            />
          </Field>
        )}
        <FormMessage intent="error" message={formError} />
      </div>
    </Modal>
  );
}
