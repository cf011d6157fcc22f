import {
  Badge,
  Button,
  Caption1,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  tokens,
} from '@fluentui/react-components';
import type { ChapterReviewView } from '@ratkaisu/core';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  line: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
});

/** "1, 2 and 3" is over-long for a status line: the chapters are listed with commas. */
export const chapterList = (chapters: readonly number[]) => chapters.join(', ');

/**
 * A chapter's oversight line: who opened it since it last changed, how much of the AI's
 * text the tribunal changed, its flagged references, whether it was written from blank; and when a chapter
 * it is written from changed after it, the stale notice with its two ways out.
 */
export function ChapterOversight({
  review,
  flagCount,
  blocked,
  onRegenerate,
  onKeep,
}: {
  review: ChapterReviewView;
  flagCount: number;
  /** Why the stale chapter's actions cannot run now (unsaved changes, a chapter being written). */
  blocked?: string;
  onRegenerate?: () => void;
  onKeep?: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const percent = Math.round(review.changedShare * 100);
  const sources = chapterList(review.staleBecause);
  return (
    <>
      <div className={styles.line} data-testid={`oversight-${review.chapter}`}>
        {review.staleBecause.length > 0 ? (
          <Badge appearance="filled" color="warning">
            {t('tribunal.staleBadge')}
          </Badge>
        ) : null}
        <Caption1 className={styles.muted}>
          {review.openedBy.length > 0
            ? t('tribunal.openedBy', { names: [...new Set(review.openedBy.map((open) => open.name))].join(', ') })
            : t('tribunal.openedByNobody')}
        </Caption1>
        <Caption1 className={styles.muted}>· {t('tribunal.changedShare', { percent })}</Caption1>
        {flagCount > 0 ? (
          <Caption1 className={styles.muted}>· {t('tribunal.chapterFlags', { count: flagCount })}</Caption1>
        ) : null}
        {review.writtenFromBlank ? (
          <Caption1 className={styles.muted}>
            · {t('tribunal.writtenFromBlank', { name: review.writtenFromBlank.name })}
          </Caption1>
        ) : null}
      </div>
      {review.staleBecause.length > 0 ? (
        <MessageBar intent="warning" data-testid={`stale-${review.chapter}`}>
          <MessageBarBody>
            {review.staleBecause.length === 1
              ? t('tribunal.staleChapter', { sources })
              : t('tribunal.staleChapterOther', { sources })}
          </MessageBarBody>
          {onRegenerate || onKeep ? (
            <MessageBarActions>
              {onRegenerate ? (
                <Button size="small" disabled={blocked !== undefined} title={blocked} onClick={onRegenerate}>
                  {t('tribunal.staleRegenerate')}
                </Button>
              ) : null}
              {onKeep ? (
                <Button size="small" disabled={blocked !== undefined} title={blocked} onClick={onKeep}>
                  {t('tribunal.staleKeep')}
                </Button>
              ) : null}
            </MessageBarActions>
          ) : null}
        </MessageBar>
      ) : null}
    </>
  );
}
