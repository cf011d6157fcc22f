import { Body1, Card, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { caseScope } from '../../../api/query-scopes';
import { useAuthStore } from '../../../stores/auth-store';
import { FullNameForm } from '../../../ui/FullNameForm';

const useStyles = makeStyles({
  card: { padding: tokens.spacingVerticalXL, gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  intro: { margin: 0 },
});

/**
 * Asks a party's representative whose account has no full name (one registered with a username only) for it on
 * the case page, before an award or a decision prints them as counsel "name not given" with their e-mail. Shown
 * only while the name is missing, and until the saved message has been seen.
 */
export function CounselNameCard({ disputeId }: { disputeId: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const fullName = useAuthStore((state) => state.fullName);
  const queryClient = useQueryClient();
  const [savedHere, setSavedHere] = useState(false);
  if (fullName.trim() !== '' && !savedHere) return null;
  return (
    <Card className={styles.card} role="region" aria-labelledby="counsel-name-heading" data-testid="counsel-name-card">
      <Subtitle1 as="h2" id="counsel-name-heading" className={styles.heading}>
        {t('cases.counselNameHeading')}
      </Subtitle1>
      <Body1 as="p" className={styles.intro}>
        {t('cases.counselNameIntro')}
      </Body1>
      <FullNameForm
        onSaved={() => {
          setSavedHere(true);
          // The parties' cards show the representative's name as the server has it now.
          void queryClient.invalidateQueries({ queryKey: caseScope(disputeId) });
        }}
      />
    </Card>
  );
}
