import { makeStyles, Subtitle1, Title2, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    marginBottom: tokens.spacingVerticalL,
  },
  heading: { margin: 0 },
  subtitle: { margin: 0, color: tokens.colorNeutralForeground3, fontWeight: tokens.fontWeightRegular },
});

/** The page's one h1, with an optional line under it. */
export function PageHeading({ children, subtitle, id }: { children: ReactNode; subtitle?: ReactNode; id?: string }) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <Title2 as="h1" id={id} className={styles.heading}>
        {children}
      </Title2>
      {subtitle ? (
        <Subtitle1 as="p" className={styles.subtitle}>
          {subtitle}
        </Subtitle1>
      ) : null}
    </div>
  );
}
