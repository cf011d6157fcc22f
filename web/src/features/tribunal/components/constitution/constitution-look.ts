import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSectionCardText } from '../../../../ui/SectionCard';

const useOwnStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  clause: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalM,
    borderLeft: `3px solid ${tokens.colorNeutralStroke1}`,
    overflowWrap: 'anywhere',
  },
  list: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
});

/** The constitution card's sections share one look: the section card's text styles and their own lists. */
export function useConstitutionStyles() {
  return { ...useOwnStyles(), ...useSectionCardText() };
}

export type Side = 'claimant' | 'respondent';

/** "the claimant" / "the respondent" in the user's language. */
export function useSideName(): (side: Side) => string {
  const { t } = useTranslation();
  return (side) => (side === 'claimant' ? t('constitution.sideClaimant') : t('constitution.sideRespondent'));
}

/**
 * A step of the card: runs the call, then the case is fetched again; resolves true when the call succeeded. The
 * card's one runner keeps one busy flag and one error line for all its buttons.
 */
export type RunStep = (call: () => Promise<unknown>) => Promise<boolean>;
