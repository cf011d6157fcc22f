import { Body1, Button, Field, Textarea } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../api/error-message';
import { FormMessage } from '../../../../ui/FormMessage';
import { Modal } from '../../../../ui/Modal';
import { useConstitutionStyles } from './constitution-look';

/** A party's challenge of one arbitrator: the grounds (at least ten characters), sent from the dialog. */
export function ChallengeDialog({
  target,
  onClose,
  onSend,
}: {
  target: { id: string; name: string } | null;
  onClose: () => void;
  onSend: (grounds: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const styles = useConstitutionStyles();
  const [grounds, setGrounds] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await onSend(grounds.trim());
      setGrounds('');
    } catch (failure) {
      setError(errorMessage(failure, t('constitution.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={target !== null}
      onClose={() => (busy ? undefined : onClose())}
      title={t('constitution.challengeDialog')}
      actions={
        <>
          <Button disabled={busy} onClick={onClose}>
            {t('constitution.cancel')}
          </Button>
          <Button appearance="primary" disabled={busy || grounds.trim().length < 10} onClick={() => void send()}>
            {t('constitution.send')}
          </Button>
        </>
      }
    >
      <div className={styles.section}>
        <Body1 as="p" className={styles.text}>
          {target ? `${target.name}. ` : ''}
          {t('constitution.challengeIntro')}
        </Body1>
        <Field label={t('constitution.grounds')} required>
          <Textarea value={grounds} onChange={(_, data) => setGrounds(data.value)} resize="vertical" rows={5} />
        </Field>
        <FormMessage intent="error" message={error} />
      </div>
    </Modal>
  );
}
