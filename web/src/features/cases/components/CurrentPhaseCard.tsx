import { Badge, Caption1, makeStyles, shorthands, Subtitle2, tokens } from '@fluentui/react-components';
import type { PhaseView } from '@ratkaisu/core';
import { forwardRef, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../ui/format-date';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL} 0`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    ...shorthands.border(tokens.strokeWidthThin, 'solid', tokens.colorBrandStroke1),
    boxShadow: tokens.shadow4,
    outlineStyle: 'none',
    scrollMarginTop: tokens.spacingVerticalL,
  },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  heading: { margin: 0 },
  meta: { color: tokens.colorNeutralForeground3 },
});

/**
 * The active phase of the exchange, open at the top of the case page under the status banner: its files
 * and, for the side at work, the upload zone. The phase lists below keep every phase (docs/product.md section 2).
 */
export const CurrentPhaseCard = forwardRef<HTMLElement, { phase: PhaseView; children: ReactNode }>(
  function CurrentPhaseCard({ phase, children }, ref) {
    const { t } = useTranslation();
    const styles = useStyles();
    const headingId = useId();
    const meta = [
      t('cases.fileCount', { count: phase.attachments.length }),
      phase.dueDate ? t('cases.dueOn', { date: formatDate(phase.dueDate) }) : null,
    ]
      .filter(Boolean)
      .join(' · ');
    return (
      <section ref={ref} tabIndex={-1} className={styles.root} aria-labelledby={headingId} data-testid="current-phase">
        <div className={styles.head}>
          <Subtitle2 as="h2" id={headingId} className={styles.heading}>
            {t('turn.currentPhaseHeading', { phase: t(`phases.${phase.type}`) })}
          </Subtitle2>
          <Badge appearance="filled" color="brand">
            {t('cases.activeBadge')}
          </Badge>
        </div>
        <Caption1 className={styles.meta}>{meta}</Caption1>
        {children}
      </section>
    );
  },
);
