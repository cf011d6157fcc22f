import { Body1, Caption1, Field, makeStyles, mergeClasses, Textarea, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../ui/SectionCard';

const useStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  text: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
});

export interface CostsCardProps {
  value: string;
  /** The costs of a newer version a lost race brought, shown under the member's own text when they differ. */
  newer?: string | undefined;
  readOnly: boolean;
  onChange: (costs: string) => void;
}

/**
 * The award's decision on costs on the review screen: a text to edit while the draft is open, the text as it
 * stands once the award is adopted or signed (an empty read-only box would look editable).
 */
export function CostsCard({ value, newer, readOnly, onChange }: CostsCardProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  if (readOnly) {
    return (
      <SectionCard heading={t('tribunal.costs')}>
        <Body1
          as="p"
          className={value.trim() ? styles.text : mergeClasses(styles.text, styles.muted)}
          data-testid="costs-text"
        >
          {value.trim() ? value : t('tribunal.costsNone')}
        </Body1>
      </SectionCard>
    );
  }
  return (
    <SectionCard>
      <Field label={t('tribunal.costs')}>
        <Textarea value={value} readOnly={readOnly} resize="vertical" onChange={(_e, data) => onChange(data.value)} />
      </Field>
      {newer !== undefined && newer !== value ? (
        <Caption1 className={styles.muted} data-testid="newer-costs">
          {newer}
        </Caption1>
      ) : null}
    </SectionCard>
  );
}
