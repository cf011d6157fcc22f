import { Body1, Button, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RouterLink } from '../../../ui/RouterLink';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  heading: { margin: 0 },
  text: { margin: 0 },
  steps: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    paddingTop: tokens.spacingVerticalS,
  },
});

const STEPS = ['step1', 'step2', 'step3', 'step4'] as const;

/** The empty dashboard's offer: Start a case, and how a case goes in four short steps. */
export function FirstCaseGuide() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const headingId = useId();
  return (
    <section className={styles.root} aria-labelledby={headingId} data-testid="first-case-guide">
      <Subtitle2 as="h3" id={headingId} className={styles.heading}>
        {t('firstUse.dashboard.emptyHeading')}
      </Subtitle2>
      <Body1 as="p" className={styles.text}>
        {t('firstUse.dashboard.emptyIntro')}
      </Body1>
      <ol className={styles.steps}>
        {STEPS.map((step) => (
          <li key={step}>
            <Body1>{t(`firstUse.dashboard.${step}`)}</Body1>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button appearance="primary" onClick={() => void navigate('/new-dispute-form')} data-testid="start-case">
          {t('firstUse.dashboard.startCase')}
        </Button>
        <RouterLink to="/how-it-works">{t('firstUse.dashboard.howItWorks')}</RouterLink>
      </div>
    </section>
  );
}
