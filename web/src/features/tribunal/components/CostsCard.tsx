import { Caption1, Field, makeStyles, Textarea, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../ui/SectionCard';

const useStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
});

export interface CostsCardProps {
  value: string;
  /** The costs of a newer version a lost race brought, shown under the member's own text when they differ. */
  newer?: string | undefined;
  readOnly: boolean;
  onChange: (costs: string) => void;
}

/** The award's decision on costs on the review screen. */
export function CostsCard({ value, newer, readOnly, onChange }: CostsCardProps) {
  const { t } = useTranslation();
  const styles = useStyles();
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
