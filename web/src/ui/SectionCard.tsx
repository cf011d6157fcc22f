import { Card, makeStyles, mergeClasses, Subtitle2, tokens } from '@fluentui/react-components';
import { useId, type ReactNode } from 'react';

const useStyles = makeStyles({
  card: { padding: tokens.spacingVerticalL, gap: tokens.spacingVerticalS },
  spacious: { gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
});

/** The texts inside a section card: a paragraph that keeps the parties' line breaks, a muted note, a row of actions. */
export const useSectionCardText = makeStyles({
  text: { margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' },
  muted: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
});

export interface SectionCardProps {
  /** The card's heading; without one the card is a plain padded card (an editor that labels itself). */
  heading?: ReactNode;
  /** h2 for a card on a page, h3 for a card in a list under a page's h2. */
  level?: 'h2' | 'h3';
  /** A landmark named by its heading (the case page's sections reached from the screen reader's region list). */
  region?: boolean;
  /** More room between the parts (a card of several sections). */
  spacious?: boolean;
  className?: string;
  children?: ReactNode;
  'data-testid'?: string;
}

/**
 * The one card of a page section: Fluent's Card with the padding, the heading's level and margin,
 * and — where it is a region — the heading naming it, which the case page's, the review screen's and the
 * administrator's cards otherwise each wrote again.
 */
export function SectionCard({
  heading,
  level = 'h2',
  region = false,
  spacious = false,
  className,
  children,
  'data-testid': testId,
}: SectionCardProps) {
  const styles = useStyles();
  const headingId = useId();
  const named = region && heading !== undefined;
  return (
    <Card
      className={mergeClasses(styles.card, spacious && styles.spacious, className)}
      {...(named ? { role: 'region', 'aria-labelledby': headingId } : {})}
      {...(testId ? { 'data-testid': testId } : {})}
    >
      {heading !== undefined ? (
        <Subtitle2 as={level} id={headingId} className={styles.heading}>
          {heading}
        </Subtitle2>
      ) : null}
      {children}
    </Card>
  );
}
