import { Button, Caption1, Checkbox, makeStyles, shorthands, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../ui/format-date';
import { fileSizeParts } from '../case-rules';

/** A stored file as the lists show it: a phase attachment or a work file. */
export interface CaseFile {
  id: string;
  fileName: string;
  /** The api client revives dates, so this may be a Date. */
  dateCreated: string | Date;
  size?: number;
}

const useStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
  },
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} 0`,
    ...shorthands.borderBottom(tokens.strokeWidthThin, 'solid', tokens.colorNeutralStroke2),
    ':last-child': { borderBottomStyle: 'none' },
  },
  main: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1 },
  name: { overflowWrap: 'anywhere' },
  meta: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexShrink: 0 },
  empty: { margin: 0, color: tokens.colorNeutralForeground3 },
});

export interface FileListProps {
  files: readonly CaseFile[];
  /** The list's accessible name. */
  label: string;
  emptyText: string;
  onDownload: (file: CaseFile) => void;
  /** When given, each file has a Delete button. */
  onDelete?: (file: CaseFile) => void;
  /** When given, each file has a checkbox. */
  selection?: { selected: ReadonlySet<string>; onChange: (next: Set<string>) => void };
  disabled?: boolean;
}

/** Files with name, date and size, each downloadable and optionally deletable and selectable. */
export function FileList({
  files,
  label,
  emptyText,
  onDownload,
  onDelete,
  selection,
  disabled = false,
}: FileListProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  if (files.length === 0) {
    return (
      <Text as="p" className={styles.empty}>
        {emptyText}
      </Text>
    );
  }
  const toggle = (id: string, checked: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (checked) next.add(id);
    else next.delete(id);
    selection.onChange(next);
  };
  return (
    <ul className={styles.list} aria-label={label}>
      {files.map((file) => {
        const size = file.size === undefined ? null : fileSizeParts(file.size);
        const meta = [formatDate(file.dateCreated), size ? t(`cases.${size.key}`, { value: size.value }) : null]
          .filter(Boolean)
          .join(' · ');
        return (
          <li key={file.id} className={styles.row} data-testid="file-row">
            {selection ? (
              <Checkbox
                checked={selection.selected.has(file.id)}
                onChange={(_event, data) => toggle(file.id, data.checked === true)}
                aria-label={t('cases.selectFile', { name: file.fileName })}
                disabled={disabled}
              />
            ) : null}
            <div className={styles.main}>
              <Text weight="semibold" className={styles.name}>
                {file.fileName}
              </Text>
              <Caption1 className={styles.meta}>{meta}</Caption1>
            </div>
            <div className={styles.actions}>
              <Button
                size="small"
                onClick={() => onDownload(file)}
                aria-label={t('cases.downloadFile', { name: file.fileName })}
              >
                {t('cases.download')}
              </Button>
              {onDelete ? (
                <Button
                  size="small"
                  appearance="subtle"
                  onClick={() => onDelete(file)}
                  disabled={disabled}
                  aria-label={t('cases.deleteFile', { name: file.fileName })}
                >
                  {t('cases.delete')}
                </Button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
