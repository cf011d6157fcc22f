import type { JobStatusView } from '@ratkaisu/core';
import { Caption1, makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { countedFraction, stageText, waitText, type JobScope } from './job-progress-text';

const useStyles = makeStyles({
  box: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingBlock: tokens.spacingVerticalM,
  },
  line: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
  },
  estimate: { color: tokens.colorNeutralForeground2, fontVariantNumeric: 'tabular-nums' },
});

export interface JobProgressProps {
  /** The job's last status from the poller (null before the first answer). */
  status: JobStatusView | null;
  /** While the files are still being sent (0..1): the upload, before there is a job. */
  uploaded?: number | null;
  /** The upload's text, when the feature's spec words it ("Uploading documents... 40%"). */
  uploadingText?: (percent: number) => string;
  /** The bar's accessible name (e.g. "Claim generation progress"). */
  label: string;
  /** A job that writes less than a whole decision (a regeneration's one chapter). */
  scope?: JobScope;
  'data-testid'?: string;
}

/**
 * The one progress display of a generation job: the stage the server reports in words, the
 * estimate it gives from measured durations, and a bar that fills only with what the server counts (pages
 * read, chapters written) and otherwise shows activity without a number — never a simulated creep.
 */
export function JobProgress({
  status,
  uploaded = null,
  uploadingText,
  label,
  scope,
  'data-testid': testId,
}: JobProgressProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const uploading = uploaded !== null;
  const percent = uploading ? Math.round(Math.min(1, Math.max(0, uploaded)) * 100) : undefined;
  const text = uploading
    ? (uploadingText?.(percent ?? 0) ?? t('jobProgress.uploading', { percent }))
    : stageText(status, t, scope);
  const fraction = uploading ? uploaded : countedFraction(status, scope);
  const running = status?.status === 'Queued' || status?.status === 'Running';
  // The server's estimate is the median of all decision jobs, whole decisions among them: a regeneration's one
  // chapter says only the schedule's wait (in its stage text, while it waits for capacity), never a decision's time.
  const estimate =
    !uploading &&
    scope?.chapter === undefined &&
    running &&
    status.estimateSeconds !== undefined &&
    status.status === 'Running'
      ? t('jobProgress.estimate', { wait: waitText(status.estimateSeconds, t) })
      : null;
  return (
    <div className={styles.box} data-testid={testId ?? 'job-progress'}>
      <div className={styles.line} role="status" aria-live="polite">
        <Text data-testid="job-progress-stage">{text}</Text>
        {estimate ? (
          <Caption1 className={styles.estimate} data-testid="job-progress-estimate">
            {estimate}
          </Caption1>
        ) : null}
      </div>
      <ProgressBar
        thickness="large"
        aria-label={label}
        {...(fraction !== undefined && fraction !== null
          ? { value: fraction, 'aria-valuetext': `${Math.round(fraction * 100)}%` }
          : { 'aria-valuetext': text })}
      />
    </div>
  );
}
