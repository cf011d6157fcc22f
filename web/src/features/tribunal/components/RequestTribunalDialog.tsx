import { Body1, Field, makeStyles, Radio, RadioGroup, Textarea, tokens } from '@fluentui/react-components';
import type { TribunalSize } from '@ratkaisu/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFormActions } from '../../../ui/DialogFormActions';
import { FormMessage } from '../../../ui/FormMessage';
import { Modal } from '../../../ui/Modal';
import { useFormSubmission } from '../../../ui/use-form-submission';
import { requestTribunal } from '../api/tribunal';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  text: { margin: 0 },
});

/** "Request an arbitrator": a sole arbitrator or three, with an optional note to the administrator. */
export function RequestTribunalDialog({
  open,
  disputeId,
  onClose,
  onRequested,
}: {
  open: boolean;
  disputeId: string;
  onClose: () => void;
  onRequested: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [size, setSize] = useState<TribunalSize>(1);
  const [note, setNote] = useState('');
  const { submitting, formError, setFormError, runSubmission } = useFormSubmission(t('tribunal.actionFailed'));

  const close = () => {
    if (submitting) return;
    setFormError(null);
    onClose();
  };

  const send = () =>
    runSubmission(async () => {
      await requestTribunal(disputeId, size, note.trim() || undefined);
      onClose();
      await onRequested();
    });

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('tribunal.requestArbitrator')}
      actions={
        <DialogFormActions
          busy={submitting}
          confirmLabel={t('tribunal.send')}
          onConfirm={() => void send()}
          onCancel={close}
        />
      }
    >
      <div className={styles.form}>
        <Body1 as="p" className={styles.text}>
          {t('tribunal.requestIntro')}
        </Body1>
        <Field label={t('tribunal.size')}>
          <RadioGroup value={String(size)} onChange={(_e, data) => setSize(data.value === '3' ? 3 : 1)}>
            <Radio value="1" label={t('tribunal.sizeSole')} />
            <Radio value="3" label={t('tribunal.sizeThree')} />
          </RadioGroup>
        </Field>
        <Field label={t('tribunal.note')}>
          <Textarea value={note} maxLength={2000} resize="vertical" onChange={(_e, data) => setNote(data.value)} />
        </Field>
        <FormMessage intent="error" message={formError} />
      </div>
    </Modal>
  );
}
