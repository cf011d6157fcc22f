import { useTranslation } from 'react-i18next';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';

/** The delete confirmation of docs/product.md section 2: "Confirm Deletion", cannot be undone, Delete and Cancel. */
export function DeleteConfirmDialog(props: Omit<ConfirmDialogProps, 'confirmLabel'>) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      {...props}
      title={props.title ?? t('modals.confirmDeletion')}
      message={props.message ?? t('modals.deleteMessage')}
      confirmLabel={t('modals.delete')}
    />
  );
}
