import { Checkbox, Field, makeStyles, Subtitle2, Body1, tokens } from '@fluentui/react-components';
import type { AwardView } from '@ratkaisu/core';
import { useTranslation } from 'react-i18next';
import { chapterList } from './ChapterOversight';

const useStyles = makeStyles({
  box: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorPaletteYellowBackground1,
  },
  text: { margin: 0 },
});

/** The chapters adoption should not pass over silently: none opened by a member since it changed, or stale. */
export function reviewGaps(award: AwardView): { unopened: number[]; stale: number[] } {
  const review = award.chapterReview ?? [];
  return {
    unopened: review.filter((entry) => entry.openedBy.length === 0).map((entry) => entry.chapter),
    stale: review.filter((entry) => entry.staleBecause.length > 0).map((entry) => entry.chapter),
  };
}

/**
 * In the Adopt dialog: the chapters no member opened and the stale ones,
 * and the chair's confirmation that the award is adopted with them as they are. Nothing when there are none.
 */
export function AdoptReviewCheck({
  award,
  confirmed,
  error,
  onConfirmed,
}: {
  award: AwardView;
  confirmed: boolean;
  error?: string;
  onConfirmed: (confirmed: boolean) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { unopened, stale } = reviewGaps(award);
  if (unopened.length === 0 && stale.length === 0) return null;
  return (
    <div className={styles.box} data-testid="adopt-review">
      <Subtitle2 as="h3" className={styles.text}>
        {t('tribunal.adoptReviewHeading')}
      </Subtitle2>
      {unopened.length > 0 ? (
        <Body1 as="p" className={styles.text}>
          {t('tribunal.adoptUnopened', { chapters: chapterList(unopened) })}
        </Body1>
      ) : null}
      {stale.length > 0 ? (
        <Body1 as="p" className={styles.text}>
          {t('tribunal.adoptStale', { chapters: chapterList(stale) })}
        </Body1>
      ) : null}
      <Field validationMessage={error} required>
        <Checkbox
          checked={confirmed}
          label={t('tribunal.adoptConfirmReview')}
          onChange={(_e, data) => onConfirmed(data.checked === true)}
        />
      </Field>
    </div>
  );
}
