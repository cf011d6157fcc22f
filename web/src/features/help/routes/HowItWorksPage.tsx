import { Body1, Caption1, makeStyles, Subtitle1, Subtitle2, tokens } from '@fluentui/react-components';
import { CLAIMANT_PHASES, PHASE_TYPES, type PhaseType } from '@ratkaisu/core';
import { useTranslation } from 'react-i18next';
import { useIsSignedIn } from '../../../stores/session';
import { PageHeading } from '../../../ui/PageHeading';
import { RouterLink } from '../../../ui/RouterLink';

const useStyles = makeStyles({
  page: {
    maxWidth: '880px',
    width: '100%',
    margin: '0 auto',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `0 ${tokens.spacingHorizontalM} ${tokens.spacingVerticalXXL}`,
  },
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
  },
  heading: { margin: 0 },
  text: { margin: 0 },
  phases: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  // A list item still (display list-item), so the phases keep their numbers.
  phase: { paddingLeft: tokens.spacingHorizontalXS },
  phaseText: { display: 'block', marginTop: tokens.spacingVerticalXXS },
  phaseName: { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: tokens.spacingHorizontalS },
  actor: { color: tokens.colorNeutralForeground3 },
  outcomes: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  outcome: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  links: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
});

function actorOf(type: PhaseType): 'claimant' | 'respondent' | 'both' {
  if (type === 'Resolution') return 'both';
  return CLAIMANT_PHASES.includes(type) ? 'claimant' : 'respondent';
}

/**
 * `/how-it-works` (public, linked from the sign-in page, the invitation and the empty dashboard): the seven
 * phases and who acts in each, the deadlines, what the AI drafts, the arbitrator on request, and what an
 * accepted AI decision and an arbitral award mean, for the lawyer who represents a company.
 */
export default function HowItWorksPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const signedIn = useIsSignedIn();
  const section = (key: 'deadlines' | 'ai' | 'human' | 'after') => (
    <section className={styles.section} aria-labelledby={`how-${key}`}>
      <Subtitle1 as="h2" id={`how-${key}`} className={styles.heading}>
        {t(`firstUse.howItWorks.${key}Heading`)}
      </Subtitle1>
      <Body1 as="p" className={styles.text}>
        {t(`firstUse.howItWorks.${key}`)}
      </Body1>
    </section>
  );

  return (
    <div className={styles.page} data-testid="how-it-works">
      <PageHeading subtitle={t('firstUse.howItWorks.intro')}>{t('firstUse.howItWorks.title')}</PageHeading>

      <section className={styles.section} aria-labelledby="how-phases">
        <Subtitle1 as="h2" id="how-phases" className={styles.heading}>
          {t('firstUse.howItWorks.phasesHeading')}
        </Subtitle1>
        <Body1 as="p" className={styles.text}>
          {t('firstUse.howItWorks.phasesIntro')}
        </Body1>
        <ol className={styles.phases} data-testid="how-phases">
          {PHASE_TYPES.map((type) => (
            <li key={type} className={styles.phase}>
              <span className={styles.phaseName}>
                <Subtitle2>{t(`phases.${type}`)}</Subtitle2>
                <Caption1 className={styles.actor}>{t(`firstUse.howItWorks.actor.${actorOf(type)}`)}</Caption1>
              </span>
              <Body1 className={styles.phaseText}>{t(`firstUse.howItWorks.phaseText.${type}`)}</Body1>
            </li>
          ))}
        </ol>
      </section>

      {section('deadlines')}
      {section('ai')}
      {section('human')}

      <section className={styles.section} aria-labelledby="how-outcomes">
        <Subtitle1 as="h2" id="how-outcomes" className={styles.heading}>
          {t('firstUse.howItWorks.outcomesHeading')}
        </Subtitle1>
        <div className={styles.outcomes}>
          <div className={styles.outcome} data-testid="how-accepted">
            <Subtitle2 as="h3" className={styles.heading}>
              {t('firstUse.howItWorks.acceptedHeading')}
            </Subtitle2>
            <Body1 as="p" className={styles.text}>
              {t('firstUse.howItWorks.accepted')}
            </Body1>
          </div>
          <div className={styles.outcome} data-testid="how-award">
            <Subtitle2 as="h3" className={styles.heading}>
              {t('firstUse.howItWorks.awardHeading')}
            </Subtitle2>
            <Body1 as="p" className={styles.text}>
              {t('firstUse.howItWorks.award')}
            </Body1>
          </div>
        </div>
      </section>

      {section('after')}

      <div className={styles.links}>
        <RouterLink to="/glossary">{t('firstUse.howItWorks.glossaryLink')}</RouterLink>
        {signedIn ? (
          <RouterLink to="/new-dispute-form">{t('firstUse.howItWorks.startCase')}</RouterLink>
        ) : (
          <RouterLink to="/login">{t('firstUse.howItWorks.backToLogin')}</RouterLink>
        )}
      </div>
    </div>
  );
}
