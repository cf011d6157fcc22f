import {
  Body1,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Textarea,
  Button,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { CORRECTION_KINDS, type AwardAftercareView, type CorrectionKind } from '@ratkaisu/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { Modal } from '../../../ui/Modal';
import { requestCorrection } from '../api/corrections';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  text: { margin: 0 },
});

export const KIND_KEYS = {
  correction: 'corrections.kindCorrection',
  interpretation: 'corrections.kindInterpretation',
  additionalAward: 'corrections.kindAdditionalAward',
} as const satisfies Record<CorrectionKind, string>;

/** A party's request under §§ 38–39: what it asks for, and the request itself. */
export function CorrectionRequestDialog({
  open,
  disputeId,
  awardId,
  onClose,
  onSent,
}: {
  open: boolean;
  disputeId: string;
  awardId: string;
  onClose: () => void;
  onSent: (view: AwardAftercareView) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [kind, setKind] = useState<CorrectionKind>('correction');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tooShort, setTooShort] = useState(false);

  const close = () => {
    if (busy) return;
    setError(null);
    setTooShort(false);
    onClose();
  };
  const send = async () => {
    if (text.trim().length < 10) {
      setTooShort(true);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const view = await requestCorrection(disputeId, awardId, { kind, text: text.trim() });
      setText('');
      setBusy(false);
      onSent(view);
    } catch (failure) {
      setError(errorMessage(failure, t('corrections.actionFailed')));
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={close}
      size="wide"
      title={t('corrections.requestTitle')}
      actions={
        <>
          <Button disabled={busy} onClick={close}>
            {t('corrections.cancel')}
          </Button>
          <Button
            appearance="primary"
            disabled={busy}
            icon={busy ? <Spinner size="tiny" /> : undefined}
            onClick={() => void send()}
          >
            {t('corrections.send')}
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        <Body1 as="p" className={styles.text}>
          {t('corrections.requestIntro')}
        </Body1>
        <Field label={t('corrections.kind')}>
          <RadioGroup value={kind} onChange={(_, data) => setKind(data.value as CorrectionKind)}>
            {CORRECTION_KINDS.map((value) => (
              <Radio key={value} value={value} label={t(KIND_KEYS[value])} />
            ))}
          </RadioGroup>
        </Field>
        <Field
          label={t('corrections.requestText')}
          hint={t('corrections.requestTextHelp')}
          required
          {...(tooShort ? { validationMessage: t('corrections.requestTextShort') } : {})}
        >
          <Textarea
            value={text}
            resize="vertical"
            rows={6}
            onChange={(_, data) => {
              setText(data.value);
              if (tooShort && data.value.trim().length >= 10) setTooShort(false);
            }}
          />
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
