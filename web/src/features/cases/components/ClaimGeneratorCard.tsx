import { Body1, Button, Card, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  card: { padding: tokens.spacingVerticalL, gap: tokens.spacingVerticalS, alignItems: 'flex-start' },
  heading: { margin: 0 },
  text: { margin: 0 },
});

/** The Claim Generator entry of the Tools section, for the claimant side: opens it with no files chosen. */
export function ClaimGeneratorCard({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    // Not a named region: "Claim Generator" would clash with the Claim phase's region for anyone
    // looking the phase up by name.
    <Card className={styles.card} data-testid="claim-generator-entry">
      <Subtitle2 as="h3" className={styles.heading}>
        {t('claimGenerator.title')}
      </Subtitle2>
      <Body1 as="p" className={styles.text}>
        {t('cases.claimGeneratorDescription')}
      </Body1>
      <Button onClick={onOpen}>{t('cases.openClaimGenerator')}</Button>
    </Card>
  );
}
