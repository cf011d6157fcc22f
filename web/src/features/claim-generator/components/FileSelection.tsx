import { Caption1, Checkbox, makeStyles, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../ui/format-date';
import type { SourceFile } from '../api/claim-generator';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  hint: { color: tokens.colorNeutralForeground3, margin: 0 },
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  count: { color: tokens.colorNeutralForeground2 },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    maxHeight: '320px',
    overflowY: 'auto',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  item: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    paddingRight: tokens.spacingHorizontalM,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
    ':last-child': { borderBottom: 'none' },
  },
  fileName: { wordBreak: 'break-word' },
  date: { color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
});

export interface FileSelectionProps {
  files: readonly SourceFile[];
  /** Which list this is: the Claim phase's files, or the work files offered because that phase has none. */
  source: 'claim' | 'work';
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}

/** The documents to draft from, each with a checkbox, plus Select all and the selected count. */
export function FileSelection({ files, source, selected, onChange }: FileSelectionProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const headingId = useId();
  const count = files.filter((file) => selected.has(file.id)).length;
  const all = files.length > 0 && count === files.length;

  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <Subtitle2 as="h3" id={headingId} className={styles.heading}>
        {source === 'claim' ? t('claimGenerator.claimPhaseFiles') : t('claimGenerator.workFiles')}
      </Subtitle2>
      <Caption1 as="p" className={styles.hint}>
        {source === 'claim' ? t('claimGenerator.chooseFiles') : t('claimGenerator.workFilesFallback')}
      </Caption1>
      {files.length === 0 ? (
        <Text role="status">{t('claimGenerator.noFiles')}</Text>
      ) : (
        <>
          <div className={styles.bar}>
            <Checkbox
              label={t('claimGenerator.selectAll')}
              checked={all ? true : count > 0 ? 'mixed' : false}
              onChange={() => onChange(all ? new Set() : new Set(files.map((file) => file.id)))}
            />
            <Text className={styles.count} aria-live="polite" data-testid="claim-selected-count">
              {t('claimGenerator.selectedCount', { count })}
            </Text>
          </div>
          <ul className={styles.list} aria-labelledby={headingId}>
            {files.map((file) => (
              <li key={file.id} className={styles.item}>
                <Checkbox
                  checked={selected.has(file.id)}
                  onChange={(_event, data) => toggle(file.id, data.checked === true)}
                  label={<span className={styles.fileName}>{file.fileName}</span>}
                />
                <Caption1 className={styles.date}>{formatDate(file.dateCreated)}</Caption1>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
