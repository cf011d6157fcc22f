import { Body1, Button, Spinner } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './Modal';

export interface ConfirmDialogProps {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Defaults to the catalogue's `confirmation`. */
  title?: ReactNode;
  /** Defaults to the catalogue's `confirmDescription`. */
  message?: ReactNode;
  /** Defaults to Confirm. */
  confirmLabel?: string;
  /** Defaults to Cancel. */
  cancelLabel?: string;
  /** While the confirmed action runs: the buttons are disabled and the confirm button spins. */
  busy?: boolean;
}

/** The generic confirm dialog of docs/product.md section 2. Escape and Cancel both cancel. */
export function ConfirmDialog({
  open,
  onConfirm,
  onCancel,
  title,
  message,
  confirmLabel,
  cancelLabel,
  busy = false,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const cancel = () => {
    if (!busy) onCancel();
  };
  return (
    <Modal
      open={open}
      onClose={cancel}
      closeButton={false}
      title={title ?? t('confirmation')}
      actions={
        <>
          <Button
            appearance="primary"
            onClick={onConfirm}
            disabled={busy}
            icon={busy ? <Spinner size="tiny" /> : undefined}
          >
            {confirmLabel ?? t('modals.confirm')}
          </Button>
          <Button onClick={cancel} disabled={busy}>
            {cancelLabel ?? t('modals.cancel')}
          </Button>
        </>
      }
    >
      <Body1 as="p" style={{ margin: 0 }}>
        {message ?? t('confirmDescription')}
      </Body1>
    </Modal>
  );
}
