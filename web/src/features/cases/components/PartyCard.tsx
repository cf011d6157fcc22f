import { Card, makeStyles, mergeClasses, Subtitle2, tokens, typographyStyles } from '@fluentui/react-components';
import type { Party } from '@ratkaisu/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  card: { padding: tokens.spacingVerticalL, gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  list: {
    margin: 0,
    display: 'grid',
    gridTemplateColumns: 'minmax(120px, max-content) 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
  },
  row: { display: 'contents' },
  term: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, alignSelf: 'center' },
  value: { ...typographyStyles.body1, margin: 0, overflowWrap: 'anywhere' },
  missing: { color: tokens.colorNeutralForeground4 },
});

/** A party's details, read-only (docs/product.md section 2, Case page), with its counsel's name as awards print it. */
export function PartyCard({ title, party, counsel }: { title: string; party: Party; counsel?: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const headingId = useId();
  const rows: [label: string, value: string][] = [
    [t('cases.partyName'), party.name],
    [t('cases.identificationNumber'), party.identificationNumber],
    [t('cases.address'), party.address],
    [t('cases.counsel'), counsel ?? ''],
    [t('cases.representativeEmail'), party.email],
  ];
  return (
    <Card className={styles.card} role="region" aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId} className={styles.heading}>
        {title}
      </Subtitle2>
      <dl className={styles.list}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.row}>
            <dt className={styles.term}>{label}</dt>
            <dd className={mergeClasses(styles.value, !value && styles.missing)}>{value || t('cases.notGiven')}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
