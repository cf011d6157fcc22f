import { Body1, Button, Caption1, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { formatSize, totalBytes } from '../file-rules';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalXS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  name: { flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' },
  size: { flexShrink: 0, color: tokens.colorNeutralForeground3, fontVariantNumeric: 'tabular-nums' },
  summary: { color: tokens.colorNeutralForeground3 },
});

/** The chosen PDFs with their sizes, each with a delete button, and the total against the 20 MB limit. */
export function DocumentList({
  files,
  onRemove,
  disabled,
}: {
  files: readonly File[];
  onRemove: (index: number) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  if (files.length === 0) return null;
  return (
    <section aria-labelledby="anonymous-documents-heading">
      <Text as="h2" id="anonymous-documents-heading" weight="semibold" size={400}>
        {t('anonymousDecision.documents')}
      </Text>
      <ul className={styles.list} data-testid="anonymous-file-list">
        {files.map((file, index) => (
          <li key={`${file.name}-${file.size}-${file.lastModified}`} className={styles.item}>
            <Body1 className={styles.name}>{file.name}</Body1>
            <Caption1 className={styles.size}>{formatSize(file.size)}</Caption1>
            <Button
              size="small"
              appearance="subtle"
              aria-label={t('anonymousDecision.deleteFile', { name: file.name })}
              disabled={disabled}
              onClick={() => onRemove(index)}
            >
              {t('anonymousDecision.delete')}
            </Button>
          </li>
        ))}
      </ul>
      <Caption1 className={styles.summary} data-testid="anonymous-file-summary">
        {t('anonymousDecision.documentCount', { count: files.length, size: formatSize(totalBytes(files)) })}
      </Caption1>
    </section>
  );
}
