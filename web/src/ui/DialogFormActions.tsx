import { Button, Spinner } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DialogFormActionsProps {
  /** The call is running: both buttons wait and the confirming one spins. */
  busy: boolean;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  /** The cancel button's text when "Cancel" is not the word (e.g. a feature's own catalogue key). */
  cancelLabel?: ReactNode;
  /** The primary action waits for something besides the call (a check the dialog runs first). */
  confirmDisabled?: boolean;
  /** The id of the text saying why the primary action waits, read with it by assistive technology. */
  confirmDescribedBy?: string;
}

/** A form dialog's footer: Cancel, and the primary action that shows a spinner while its call runs. */
export function DialogFormActions({
  busy,
  confirmLabel,
  onConfirm,
  onCancel,
  cancelLabel,
  confirmDisabled,
  confirmDescribedBy,
}: DialogFormActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button disabled={busy} onClick={onCancel}>
        {cancelLabel ?? t('modals.cancel')}
      </Button>
      <Button
        appearance="primary"
        disabled={busy || confirmDisabled === true}
        aria-describedby={confirmDescribedBy}
        icon={busy ? <Spinner size="tiny" aria-hidden /> : undefined}
        onClick={onConfirm}
      >
        {confirmLabel}
      </Button>
    </>
  );
}
