import {
  Body1,
  Button,
  Caption1,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Subtitle2,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { FormMessage } from '../../../ui/FormMessage';
import { formatDate } from '../../../ui/format-date';
import { finalOutcomeText } from '../../../ui/outcome-text';
import { SectionCard, useSectionCardText } from '../../../ui/SectionCard';
import { decideChallenge, listOpenChallenges, type ChallengeRow } from '../api/challenges-api';
import { adminKeys } from '../api/query-keys';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  heading: { margin: 0 },
});

/**
 * The appointing authority's challenges: each open challenge with the party's grounds and
 * the arbitrator's statement of independence; the administrator sustains (the arbitrator is removed and the
 * seat reopens) or rejects it, with reasons the parties receive and the award states.
 */
export function ChallengesSection() {
  const { t } = useTranslation();
  const styles = { ...useStyles(), ...useSectionCardText() };
  const [done, setDone] = useState<string | null>(null);
  const client = useQueryClient();
  const query = useQuery({ queryKey: adminKeys.challenges, queryFn: ({ signal }) => listOpenChallenges(signal) });
  const rows = query.data ?? null;
  const error = query.error ? errorMessage(query.error, t('constitution.failed')) : null;

  return (
    <section className={styles.root} aria-label={t('constitution.adminHeading')} data-testid="challenges">
      <Subtitle2 as="h2" className={styles.heading}>
        {t('constitution.adminHeading')}
      </Subtitle2>
      {done ? (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{done}</MessageBarBody>
        </MessageBar>
      ) : null}
      <FormMessage intent="error" message={error} />
      {rows !== null && rows.length === 0 ? (
        <Body1 className={styles.muted}>{t('constitution.adminNone')}</Body1>
      ) : null}
      {rows && rows.length > 0 ? (
        <ul className={styles.list}>
          {rows.map((row) => (
            <li key={row.challenge.id}>
              <ChallengeCard
                row={row}
                onDecided={async () => {
                  setDone(t('constitution.decided'));
                  // A sustained challenge reopens a seat: the appointments are fetched again with the challenges.
                  await client.invalidateQueries({ queryKey: adminKeys.appointments });
                }}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function ChallengeCard({ row, onDecided }: { row: ChallengeRow; onDecided: () => Promise<void> }) {
  const { t } = useTranslation();
  const styles = { ...useStyles(), ...useSectionCardText() };
  const [reasons, setReasons] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const side = row.challenge.side === 'claimant' ? t('constitution.sideClaimant') : t('constitution.sideRespondent');

  const decide = async (sustained: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await decideChallenge(row.dispute.id, row.challenge.id, sustained, reasons.trim());
      await onDecided();
    } catch (failure) {
      setError(errorMessage(failure, t('constitution.failed')));
      setBusy(false);
    }
  };

  return (
    <SectionCard
      heading={t('constitution.adminCase', { caseNumber: row.caseNumber ?? '', name: row.dispute.name }).trim()}
      level="h3"
      data-testid={`challenge-${row.challenge.id}`}
    >
      {row.dispute.outcome ? (
        <Caption1 className={styles.muted} data-testid="challenge-outcome">
          {finalOutcomeText(row.dispute.outcome, t)}
        </Caption1>
      ) : null}
      <Body1 as="p" className={styles.text}>
        {t('constitution.challengeRow', {
          side,
          name: row.challenge.arbitratorName,
          date: formatDate(row.challenge.at),
          grounds: row.challenge.grounds,
        })}
      </Body1>
      <Caption1 className={styles.muted}>
        {row.disclosure
          ? t('constitution.adminDisclosure', { disclosure: row.disclosure })
          : t('constitution.adminNoDisclosure')}
      </Caption1>
      <Field label={t('constitution.reasons')} required>
        <Textarea value={reasons} onChange={(_, data) => setReasons(data.value)} resize="vertical" rows={4} />
      </Field>
      <div className={styles.actions}>
        <Button disabled={busy || reasons.trim().length < 10} onClick={() => void decide(false)} appearance="primary">
          {t('constitution.reject')}
        </Button>
        <Button disabled={busy || reasons.trim().length < 10} onClick={() => void decide(true)}>
          {t('constitution.sustain')}
        </Button>
      </div>
      <FormMessage intent="error" message={error} />
    </SectionCard>
  );
}
