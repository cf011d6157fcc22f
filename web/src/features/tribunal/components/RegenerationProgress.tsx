import { useTranslation } from 'react-i18next';
import { JobProgress } from '../../../ui/job-progress/JobProgress';
import type { AwardDraft } from '../use-award-draft';

/**
 * A chapter being written again: the decision card's progress for the one chapter — its place in
 * line and wait while the model has no capacity, then "Writing chapter 3" — never the decision's chapter
 * count or a whole decision's estimate.
 */
export function RegenerationProgress({ draft }: { draft: Pick<AwardDraft, 'regenerating' | 'regenerationStatus'> }) {
  const { t } = useTranslation();
  const { regenerating, regenerationStatus } = draft;
  if (!regenerating) return null;
  return (
    <JobProgress
      status={regenerationStatus}
      scope={{ chapter: regenerating.chapter }}
      label={t('tribunal.regenerating', { number: regenerating.chapter })}
      data-testid="regeneration-progress"
    />
  );
}
