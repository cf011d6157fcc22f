import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { GENERATION_PHASES, type GenerationPhase } from '../anonymous-timing';

const useStyles = makeStyles({
  phases: {
    display: 'grid',
    gridTemplateColumns: 'repeat(4, 1fr)',
    gap: tokens.spacingHorizontalS,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  phase: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    paddingTop: tokens.spacingVerticalS,
    borderTop: `${tokens.strokeWidthThickest} solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground3,
  },
  reached: { borderTopColor: tokens.colorBrandStroke1, color: tokens.colorNeutralForeground1 },
});

/**
 * The four phases of docs/product.md section 2 (Start, Processing, Generating, Finalizing), the one the job is in
 * marked — from the stage the server reports (phaseOfStatus), beside the one progress display.
 */
export function PhaseSteps({ phase }: { phase: GenerationPhase }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const reached = GENERATION_PHASES.indexOf(phase);
  return (
    <ol className={styles.phases} aria-label={t('anonymousDecision.phasesLabel')}>
      {GENERATION_PHASES.map((step, index) => (
        <li
          key={step}
          className={mergeClasses(styles.phase, index <= reached && styles.reached)}
          aria-current={index === reached ? 'step' : undefined}
          data-testid={`anonymous-phase-${step}`}
        >
          <Text weight={index === reached ? 'semibold' : 'regular'}>{t(`anonymousDecision.${step}`)}</Text>
        </li>
      ))}
    </ol>
  );
}
