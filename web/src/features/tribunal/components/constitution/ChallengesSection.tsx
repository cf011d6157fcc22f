import { Body1, Button, Caption1 } from '@fluentui/react-components';
import type { ConstitutionView, DisputeView } from '@ratkaisu/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog';
import { formatDate } from '../../../../ui/format-date';
import { challengeArbitrator, waiveChallenge } from '../../api/constitution';
import { ChallengeDialog } from './ChallengeDialog';
import { type RunStep, type Side, useConstitutionStyles, useSideName } from './constitution-look';

type Member = NonNullable<DisputeView['tribunal']>['members'][number];

/**
 * The challenge of arbitrators: each seated arbitrator's challenge period with Challenge while it is open, the
 * challenges made and how they were decided, the waivers; and Waive for a party that has not waived them all —
 * confirmed first, since a waiver cannot be taken back.
 */
export function ChallengesSection({
  disputeId,
  constitution,
  seated,
  members,
  side,
  acting,
  final,
  busy,
  run,
  onChallenged,
}: {
  disputeId: string;
  constitution: ConstitutionView;
  /** The arbitrators who accepted their appointment. */
  seated: readonly Member[];
  /** Every member, to name the arbitrators a waiver lists. */
  members: readonly Member[];
  side: Side | null;
  acting: Side | null;
  final: boolean;
  busy: boolean;
  run: RunStep;
  onChallenged: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const styles = useConstitutionStyles();
  const sideName = useSideName();
  const [challenging, setChallenging] = useState<{ id: string; name: string } | null>(null);
  const [confirmingWaiver, setConfirmingWaiver] = useState(false);
  const now = Date.now();
  const periods = seated.map((member) => ({
    member,
    until: constitution.challengePeriods.find((period) => period.arbitratorId === member.userId)?.until,
  }));
  const waivedByMe = new Set(
    constitution.waivers.filter((waiver) => waiver.side === side).flatMap((waiver) => waiver.arbitratorIds),
  );
  const notWaived = seated.filter((member) => !waivedByMe.has(member.userId));
  const canWaive = acting !== null && notWaived.length > 0;

  return (
    <section className={styles.section} aria-label={t('constitution.challengesHeading')}>
      <Body1 as="h3" className={styles.text}>
        <strong>{t('constitution.challengesHeading')}</strong>
      </Body1>
      <ul className={styles.list}>
        {periods.map(({ member, until }) => {
          const open = !final && until !== undefined && new Date(until).getTime() > now;
          return (
            <li key={member.userId}>
              <Body1>
                {until
                  ? t(open ? 'constitution.challengeUntil' : 'constitution.challengeClosed', {
                      name: member.name,
                      date: formatDate(until),
                    })
                  : member.name}
              </Body1>{' '}
              {acting && open ? (
                <Button
                  size="small"
                  disabled={busy}
                  onClick={() => setChallenging({ id: member.userId, name: member.name })}
                >
                  {t('constitution.challenge', { name: member.name })}
                </Button>
              ) : null}
            </li>
          );
        })}
        {constitution.challenges.map((challenge) => (
          <li key={challenge.id}>
            <Body1 as="p" className={styles.text}>
              {t('constitution.challengeRow', {
                side: sideName(challenge.side),
                name: challenge.arbitratorName,
                date: formatDate(challenge.at),
                grounds: challenge.grounds,
              })}
            </Body1>
            <Caption1 className={styles.muted}>
              {challenge.status === 'Open'
                ? t('constitution.challengeOpen')
                : t(
                    challenge.status === 'Sustained'
                      ? 'constitution.challengeSustained'
                      : 'constitution.challengeRejected',
                    {
                      date: formatDate(challenge.decidedAt ?? challenge.at),
                      by: challenge.decidedBy ?? '',
                      reasons: challenge.reasons ?? '',
                    },
                  )}
            </Caption1>
          </li>
        ))}
        {constitution.waivers.map((waiver) => (
          <li key={`${waiver.side}-${waiver.at}`}>
            <Caption1>
              {t('constitution.waived', {
                side: sideName(waiver.side),
                names: waiver.arbitratorIds
                  .map((id) => members.find((member) => member.userId === id)?.name ?? id)
                  .join(', '),
              })}
            </Caption1>
          </li>
        ))}
      </ul>
      {canWaive ? (
        <div className={styles.actions}>
          <Button disabled={busy} onClick={() => setConfirmingWaiver(true)}>
            {t('constitution.waive')}
          </Button>
        </div>
      ) : null}
      <ChallengeDialog
        target={challenging}
        onClose={() => setChallenging(null)}
        onSend={async (grounds) => {
          await challengeArbitrator(disputeId, challenging!.id, grounds);
          setChallenging(null);
          await onChallenged();
        }}
      />
      <ConfirmDialog
        open={confirmingWaiver}
        busy={busy}
        title={t('constitution.waiveConfirmTitle')}
        message={t('constitution.waiveConfirm', { names: notWaived.map((member) => member.name).join(', ') })}
        confirmLabel={t('constitution.waive')}
        onCancel={() => setConfirmingWaiver(false)}
        onConfirm={() => void run(() => waiveChallenge(disputeId)).finally(() => setConfirmingWaiver(false))}
      />
    </section>
  );
}
