import { Body1, Button, Caption1, Card, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  card: { padding: tokens.spacingVerticalL, gap: tokens.spacingVerticalS, alignItems: 'flex-start' },
  heading: { margin: 0 },
  text: { margin: 0 },
  hint: { color: tokens.colorNeutralForeground3 },
});

/**
 * The Claim Generator entry of the Tools section, for the claimant side. The generator itself is
 * its own feature; until it is wired in through `onOpen`, the button is disabled and says why.
 */
export function ClaimGeneratorCard({ onOpen }: { onOpen?: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const hintId = useId();
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
      <Button disabled={!onOpen} onClick={onOpen} aria-describedby={onOpen ? undefined : hintId}>
        {t('cases.openClaimGenerator')}
      </Button>
      {onOpen ? null : (
        <Caption1 id={hintId} className={styles.hint}>
          {t('cases.claimGeneratorComingSoon')}
        </Caption1>
      )}
    </Card>
  );
}
