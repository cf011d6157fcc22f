import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Badge,
  Caption1,
  makeStyles,
  mergeClasses,
  shorthands,
  Subtitle2,
  Text,
  tokens,
} from '@fluentui/react-components';
import type { PhaseType, PhaseView } from '@ratkaisu/core';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../ui/format-date';
import { phaseOfType } from '../case-rules';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  heading: { margin: 0 },
  accordion: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  item: {
    ...shorthands.border(tokens.strokeWidthThin, 'solid', tokens.colorNeutralStroke2),
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    paddingLeft: tokens.spacingHorizontalXS,
    paddingRight: tokens.spacingHorizontalM,
  },
  activeItem: { ...shorthands.borderColor(tokens.colorBrandStroke1), boxShadow: tokens.shadow4 },
  placeholder: { backgroundColor: tokens.colorNeutralBackground2 },
  header: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalXS} 0`,
  },
  titleRow: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  meta: { color: tokens.colorNeutralForeground3 },
  panel: { paddingLeft: tokens.spacingHorizontalS },
});

export interface PhaseColumnProps {
  title: string;
  /** The column's phase types, newest first. */
  types: readonly PhaseType[];
  phases: readonly PhaseView[];
  activePhaseId: string;
  isOpen: (type: PhaseType, openByDefault: boolean) => boolean;
  setOpen: (type: PhaseType, open: boolean) => void;
  renderPanel: (phase: PhaseView) => ReactNode;
  testId: string;
}

/**
 * One side's documents as accordions, newest phase first (docs/product.md section 2, Case page). Phases not
 * reached yet show as disabled placeholders; the active phase is marked and open unless the user
 * closed it before.
 */
export function PhaseColumn({
  title,
  types,
  phases,
  activePhaseId,
  isOpen,
  setOpen,
  renderPanel,
  testId,
}: PhaseColumnProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const headingId = useId();
  const reached = types.map((type) => ({ type, phase: phaseOfType(phases, type) }));
  const openItems = reached
    .filter(({ type, phase }) => phase && isOpen(type, phase.id === activePhaseId))
    .map(({ type }) => type);

  return (
    <section className={styles.column} aria-labelledby={headingId} data-testid={testId}>
      <Subtitle2 as="h3" id={headingId} className={styles.heading}>
        {title}
      </Subtitle2>
      <Accordion
        className={styles.accordion}
        multiple
        collapsible
        openItems={openItems}
        onToggle={(_event, data) => {
          const type = data.value as PhaseType;
          setOpen(type, data.openItems.includes(type));
        }}
      >
        {reached.map(({ type, phase }) => {
          const label = t(`phases.${type}`);
          if (!phase) {
            return (
              <AccordionItem key={type} value={type} disabled className={mergeClasses(styles.item, styles.placeholder)}>
                <AccordionHeader>
                  <span className={styles.header}>
                    <Text>{label}</Text>
                    <Caption1 className={styles.meta}>{t('cases.notStarted')}</Caption1>
                  </span>
                </AccordionHeader>
              </AccordionItem>
            );
          }
          const active = phase.id === activePhaseId;
          const meta = [
            t('cases.fileCount', { count: phase.attachments.length }),
            phase.dueDate ? t('cases.dueOn', { date: formatDate(phase.dueDate) }) : null,
            phase.dateCompleted ? t('cases.completedOn', { date: formatDate(phase.dateCompleted) }) : null,
          ]
            .filter(Boolean)
            .join(' · ');
          return (
            <AccordionItem
              key={type}
              value={type}
              className={mergeClasses(styles.item, active && styles.activeItem)}
              data-testid={`phase-${type}`}
            >
              <AccordionHeader button={{ id: `${headingId}-${type}` }}>
                <span className={styles.header}>
                  <span className={styles.titleRow}>
                    <Text weight="semibold">{label}</Text>
                    {active ? (
                      <Badge appearance="filled" color="brand">
                        {t('cases.activeBadge')}
                      </Badge>
                    ) : (
                      <Badge appearance="outline" color="informative">
                        {t('cases.locked')}
                      </Badge>
                    )}
                  </span>
                  <Caption1 className={styles.meta}>{meta}</Caption1>
                </span>
              </AccordionHeader>
              {/* The ARIA accordion pattern: the open panel is a region named by its header. */}
              <AccordionPanel className={styles.panel} role="region" aria-labelledby={`${headingId}-${type}`}>
                {renderPanel(phase)}
              </AccordionPanel>
            </AccordionItem>
          );
        })}
      </Accordion>
    </section>
  );
}
