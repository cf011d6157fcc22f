import { Button, Checkbox, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
  count: { color: tokens.colorNeutralForeground2 },
});

export interface SelectionBarProps {
  fileIds: readonly string[];
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  onDeleteSelected: () => void;
  disabled?: boolean;
  /** Further actions on the selection (Generate Claim). */
  children?: ReactNode;
}

/** Select All, the selected count and Delete Selected (docs/product.md section 2, Claim phase and Work Files). */
export function SelectionBar({ fileIds, selected, onChange, onDeleteSelected, disabled, children }: SelectionBarProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const count = fileIds.filter((id) => selected.has(id)).length;
  const all = fileIds.length > 0 && count === fileIds.length;
  return (
    <div className={styles.bar} role="group" aria-label={t('cases.selectionActions')}>
      <Checkbox
        label={t('cases.selectAll')}
        checked={all ? true : count > 0 ? 'mixed' : false}
        disabled={disabled || fileIds.length === 0}
        onChange={() => onChange(all ? new Set() : new Set(fileIds))}
      />
      <Text className={styles.count} aria-live="polite">
        {t('cases.selectedCount', { count })}
      </Text>
      <Button onClick={onDeleteSelected} disabled={disabled || count === 0}>
        {t('cases.deleteSelected')}
      </Button>
      {children}
    </div>
  );
}
