import { Button } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useAdminTableStyles } from './admin-styles';

/**
 * A table row's Edit and Delete buttons, named after the row for screen readers; no Delete without `onDelete`.
 * `extra` is a further action of the row (its label and handler), shown before Delete.
 */
export function RowActions({
  name,
  onEdit,
  onDelete,
  extra,
}: {
  name: string;
  onEdit: () => void;
  onDelete?: () => void;
  extra?: { label: string; onClick: () => void };
}) {
  const { t } = useTranslation();
  const styles = useAdminTableStyles();
  return (
    <span className={styles.actions}>
      <Button size="small" aria-label={`${t('admin.edit')} ${name}`} onClick={onEdit}>
        {t('admin.edit')}
      </Button>
      {extra ? (
        <Button size="small" aria-label={`${extra.label} ${name}`} onClick={extra.onClick}>
          {extra.label}
        </Button>
      ) : null}
      {onDelete ? (
        <Button size="small" aria-label={`${t('admin.delete')} ${name}`} onClick={onDelete}>
          {t('admin.delete')}
        </Button>
      ) : null}
    </span>
  );
}
