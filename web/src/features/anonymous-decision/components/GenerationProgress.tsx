import { Caption1, makeStyles, mergeClasses, ProgressBar, Text, tokens } from '@fluentui/react-components';
import type { JobProgress } from '@ratkaisu/core';
import { useTranslation } from 'react-i18next';
import { UploadProgress } from '../../../ui/UploadProgress';
import { GENERATION_PHASES, type SimulatedProgress } from '../anonymous-timing';

const useStyles = makeStyles({
  box: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    paddingBlock: tokens.spacingVerticalM,
  },
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
  current: { fontWeight: tokens.fontWeightSemibold },
  line: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  percent: { fontVariantNumeric: 'tabular-nums', color: tokens.colorNeutralForeground2 },
  hint: { color: tokens.colorNeutralForeground3 },
});

/**
 * The progress of a decision (SPEC.md sections 2 and 4): the four phases with the one reached marked,
 * the upload's real progress while the files are sent, then the simulated progress with its text.
 */
export function GenerationProgress({
  progress,
  uploaded,
  jobProgress = null,
}: {
  progress: SimulatedProgress;
  uploaded: number | null;
  /** The server reading scanned pages by OCR: said in place of the simulated text. */
  jobProgress?: JobProgress | null;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const reached = GENERATION_PHASES.indexOf(progress.phase);
  return (
    <div className={styles.box} data-testid="anonymous-progress">
      <ol className={styles.phases} aria-label={t('anonymousDecision.phasesLabel')}>
        {GENERATION_PHASES.map((phase, index) => (
          <li
            key={phase}
            className={mergeClasses(
              styles.phase,
              index <= reached && styles.reached,
              index === reached && styles.current,
            )}
            aria-current={index === reached ? 'step' : undefined}
            data-testid={`anonymous-phase-${phase}`}
          >
            <Text weight={index === reached ? 'semibold' : 'regular'}>{t(`anonymousDecision.${phase}`)}</Text>
          </li>
        ))}
      </ol>
      {uploaded !== null ? (
        <UploadProgress
          fraction={uploaded}
          label={t('anonymousDecision.uploading', { percent: Math.round(uploaded * 100) })}
        />
      ) : (
        <>
          <div className={styles.line} role="status">
            <Text>
              {jobProgress?.stage === 'ocr'
                ? t('anonymousDecision.readingScans', {
                    done: jobProgress.done,
                    total: jobProgress.total,
                    fileName: jobProgress.fileName,
                  })
                : t(`anonymousDecision.${progress.textKey}`)}
            </Text>
            <Text className={styles.percent} data-testid="anonymous-progress-percent">
              {progress.percent}%
            </Text>
          </div>
          <ProgressBar
            value={progress.percent / 100}
            thickness="large"
            aria-label={t('anonymousDecision.progressLabel')}
            aria-valuetext={`${progress.percent}%`}
          />
          <Caption1 className={styles.hint}>{t('anonymousDecision.stillRunning')}</Caption1>
        </>
      )}
    </div>
  );
}
