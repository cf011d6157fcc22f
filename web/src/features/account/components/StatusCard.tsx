import { Card, makeStyles, Title3, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useId } from 'react';

const useStyles = makeStyles({
  page: { display: 'flex', justifyContent: 'center', paddingTop: tokens.spacingVerticalXXL },
  card: {
    width: '100%',
    maxWidth: '460px',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    gap: tokens.spacingVerticalL,
    boxShadow: tokens.shadow8,
  },
  heading: { margin: 0 },
});

/** A centred card with the page's h1, for the pages reached from a mailed link (reset, confirm). */
export function StatusCard({ heading, children }: { heading: ReactNode; children: ReactNode }) {
  const styles = useStyles();
  const headingId = useId();
  return (
    <div className={styles.page}>
      <Card className={styles.card} role="region" aria-labelledby={headingId}>
        <Title3 as="h1" id={headingId} className={styles.heading}>
          {heading}
        </Title3>
        {children}
      </Card>
    </div>
  );
}
