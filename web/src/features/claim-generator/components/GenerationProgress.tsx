import { makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { JobProgress } from '@ratkaisu/core';
import type { SimulatedProgress } from '../claim-timing';

const useStyles = makeStyles({
  box: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingBlock: tokens.spacingVerticalL,
  },
  line: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  percent: { fontVariantNumeric: 'tabular-nums', color: tokens.colorNeutralForeground2 },
});

/**
 * The simulated progress of a claim draft (SPEC.md section 4): a bar, what is
 * happening, and the percentage; while the server reads scanned pages by OCR,
 * what it says it is doing ("Reading scanned pages 3/12") in place of the text.
 */
export function GenerationProgress({
  progress,
  jobProgress = null,
}: {
  progress: SimulatedProgress;
  jobProgress?: JobProgress | null;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const text =
    jobProgress?.stage === 'ocr'
      ? t('claimGenerator.readingScans', {
          done: jobProgress.done,
          total: jobProgress.total,
          fileName: jobProgress.fileName,
        })
      : t(`claimGenerator.${progress.textKey}`);
  return (
    <div className={styles.box} data-testid="claim-progress">
      <div className={styles.line} role="status">
        <Text>{text}</Text>
        <Text className={styles.percent} data-testid="claim-progress-percent">
          {progress.percent}%
        </Text>
      </div>
      <ProgressBar
        value={progress.percent / 100}
        thickness="large"
        aria-label={t('claimGenerator.progressLabel')}
        aria-valuetext={`${progress.percent}%`}
      />
    </div>
  );
}
