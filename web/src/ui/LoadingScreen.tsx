import { makeStyles, Spinner, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  inline: {
    display: 'flex',
    justifyContent: 'center',
    padding: tokens.spacingVerticalXXXL,
  },
});

/** A full-page (or inline) spinner with a visible, announced label. */
export function LoadingScreen({ label, inline = false }: { label: string; inline?: boolean }) {
  const styles = useStyles();
  return (
    <div className={inline ? styles.inline : styles.root} role="status" aria-live="polite" data-testid="loading-screen">
      <Spinner size={inline ? 'medium' : 'large'} label={label} labelPosition="below" />
    </div>
  );
}
