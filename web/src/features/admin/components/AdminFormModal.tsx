import { Button, makeStyles, tokens } from '@fluentui/react-components';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../ui/FormMessage';
import { Modal } from '../../../ui/Modal';
import { SubmitButton } from '../../../ui/SubmitButton';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export interface AdminFormModalProps {
  open: boolean;
  title: string;
  /** The form's id, so the Save button in the modal's action bar submits it. */
  formId: string;
  saving: boolean;
  /** The failure of the last save, shown above the fields. */
  formError: string | null;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/** The tenant and user forms' frame: the modal, its Save and Cancel, and the save error. */
export function AdminFormModal({
  open,
  title,
  formId,
  saving,
  formError,
  onClose,
  onSubmit,
  children,
}: AdminFormModalProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      actions={
        <>
          <SubmitButton busy={saving} form={formId}>
            {t('admin.save')}
          </SubmitButton>
          <Button onClick={onClose} disabled={saving}>
            {t('admin.cancel')}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={onSubmit} noValidate>
        <FormMessage intent="error" message={formError} />
        {children}
      </form>
    </Modal>
  );
}
