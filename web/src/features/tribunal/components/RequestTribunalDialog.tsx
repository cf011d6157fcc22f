import {
  Body1,
  Button,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Spinner,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import type { TribunalSize } from '@ratkaisu/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { Modal } from '../../../ui/Modal';
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await requestTribunal(disputeId, size, note.trim() || undefined);
      setBusy(false);
      onClose();
      await onRequested();
    } catch (failure) {
      setError(errorMessage(failure, t('tribunal.actionFailed')));
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('tribunal.requestArbitrator')}
      actions={
        <>
          <Button disabled={busy} onClick={close}>
            {t('tribunal.cancel')}
          </Button>
          <Button
            appearance="primary"
            disabled={busy}
            icon={busy ? <Spinner size="tiny" /> : undefined}
            onClick={() => void send()}
          >
            {t('tribunal.send')}
          </Button>
        </>
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
        {error ? (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{error}</MessageBarBody>
          </MessageBar>
        ) : null}
      </div>
    </Modal>
  );
}
