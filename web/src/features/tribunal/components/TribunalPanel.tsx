import {
  Badge,
  Body1,
  Button,
  Caption1,
  Card,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Subtitle2,
  Text,
  tokens,
} from '@fluentui/react-components';
import {
  isFinal,
  type AppointmentStatus,
  type DisputeView,
  type TribunalMemberView,
  type TribunalRole,
  type TribunalView,
} from '@ratkaisu/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../../stores/auth-store';
import { formatDate } from '../../../ui/format-date';
import { useRefreshCase } from '../../../ui/use-refresh-case';
import { RequestTribunalDialog } from './RequestTribunalDialog';
import { RespondAppointmentDialog } from './RespondAppointmentDialog';

const useStyles = makeStyles({
  card: { padding: tokens.spacingVerticalL, gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  top: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  text: { margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' },
  members: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  member: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  memberLine: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
});

export const ROLE_KEY: Record<TribunalRole, 'tribunal.roleSole' | 'tribunal.roleChair' | 'tribunal.roleMember'> = {
  sole: 'tribunal.roleSole',
  chair: 'tribunal.roleChair',
  member: 'tribunal.roleMember',
};

const MEMBER_STATUS: Record<
  AppointmentStatus,
  { key: `tribunal.member${AppointmentStatus}`; color: 'warning' | 'success' | 'danger' }
> = {
  Invited: { key: 'tribunal.memberInvited', color: 'warning' },
  Accepted: { key: 'tribunal.memberAccepted', color: 'success' },
  Declined: { key: 'tribunal.memberDeclined', color: 'danger' },
};

export const TRIBUNAL_STATUS_KEY: Record<
  TribunalView['status'],
  'tribunal.statusRequested' | 'tribunal.statusAppointed' | 'tribunal.statusConstituted'
> = {
  Requested: 'tribunal.statusRequested',
  Appointed: 'tribunal.statusAppointed',
  Constituted: 'tribunal.statusConstituted',
};

export interface TribunalPanelProps {
  dispute: DisputeView;
}

/**
 * The case page's tribunal: Request an arbitrator while there is none; then the request,
 * the members with their role and each accepted member's statement of independence; and, for an
 * appointed arbitrator who has not answered yet, Accept or Decline. A request or an answer fetches the case's
 * queries again (ui/use-refresh-case.ts).
 */
export function TribunalPanel({ dispute }: TribunalPanelProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const headingId = useId();
  const myId = useAuthStore((state) => state.id);
  const [requesting, setRequesting] = useState(false);
  const [responding, setResponding] = useState<'accept' | 'decline' | null>(null);
  const tribunal = dispute.tribunal;
  const isParty = dispute.side !== 'tribunal';
  // A final case takes no tribunal request and no appointment (the server refuses both with a 409).
  const final = isFinal(dispute);
  const myInvitation = final
    ? undefined
    : tribunal?.members.find((member) => member.userId === myId && member.status === 'Invited');

  // A failed refetch shows on the case page (its refreshFailed notice), not here.
  const refreshCase = useRefreshCase(dispute.id);

  return (
    <Card className={styles.card} role="region" aria-labelledby={headingId} data-testid="tribunal-panel">
      <div className={styles.top}>
        <Subtitle2 as="h2" id={headingId} className={styles.heading}>
          {t('tribunal.panelHeading')}
        </Subtitle2>
        {tribunal ? (
          <Badge appearance="tint" color={tribunal.status === 'Constituted' ? 'success' : 'warning'}>
            {t(TRIBUNAL_STATUS_KEY[tribunal.status])}
          </Badge>
        ) : null}
      </div>
      {!tribunal ? (
        <>
          <Body1 as="p" className={styles.text}>
            {final ? t('outcome.noTribunal') : t('tribunal.none')}
          </Body1>
          {isParty && !final ? (
            <div className={styles.actions}>
              <Button onClick={() => setRequesting(true)}>{t('tribunal.requestArbitrator')}</Button>
            </div>
          ) : null}
        </>
      ) : (
        <>
          <Body1 as="p" className={styles.text}>
            {t('tribunal.requested', {
              side: tribunal.requestedBySide === 'claimant' ? t('tribunal.sideClaimant') : t('tribunal.sideRespondent'),
              date: formatDate(tribunal.requestedAt),
              size: tribunal.size === 3 ? t('tribunal.sizeThree') : t('tribunal.sizeSole'),
            })}
          </Body1>
          {tribunal.note ? (
            <Caption1 className={styles.muted}>{t('tribunal.requestNote', { note: tribunal.note })}</Caption1>
          ) : null}
          {tribunal.members.length > 0 ? (
            <ul className={styles.members} aria-label={t('tribunal.members')}>
              {tribunal.members.map((member) => (
                <MemberItem key={member.userId} member={member} />
              ))}
            </ul>
          ) : null}
          {myInvitation ? (
            <MessageBar intent="info">
              <MessageBarBody>{t('tribunal.yourAppointment')}</MessageBarBody>
              <MessageBarActions>
                <Button appearance="primary" onClick={() => setResponding('accept')}>
                  {t('tribunal.accept')}
                </Button>
                <Button onClick={() => setResponding('decline')}>{t('tribunal.decline')}</Button>
              </MessageBarActions>
            </MessageBar>
          ) : null}
        </>
      )}
      <RequestTribunalDialog
        open={requesting}
        disputeId={dispute.id}
        onClose={() => setRequesting(false)}
        onRequested={refreshCase}
      />
      <RespondAppointmentDialog
        mode={responding}
        disputeId={dispute.id}
        onClose={() => setResponding(null)}
        onAnswered={refreshCase}
      />
    </Card>
  );
}

function MemberItem({ member }: { member: TribunalMemberView }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const status = MEMBER_STATUS[member.status];
  return (
    <li className={styles.member} data-testid="tribunal-member">
      <div className={styles.memberLine}>
        <Text weight="semibold">{member.name}</Text>
        <Text>{member.title}</Text>
        <Badge appearance="outline">{t(ROLE_KEY[member.role])}</Badge>
        <Badge appearance="tint" color={status.color}>
          {t(status.key)}
        </Badge>
      </div>
      {member.status === 'Accepted' ? (
        <>
          {member.respondedAt ? (
            <Caption1 className={styles.muted}>
              {t('tribunal.acceptedOn', { date: formatDate(member.respondedAt) })}
            </Caption1>
          ) : null}
          <Body1 as="p" className={styles.text}>
            {member.statement === 'disclosed'
              ? t('tribunal.statementDisclosed', { disclosure: member.disclosure ?? '' })
              : t('tribunal.statementNone')}
          </Body1>
        </>
      ) : null}
      {member.status === 'Declined' && member.declineReason ? (
        <Caption1 className={styles.muted}>{t('tribunal.declined', { reason: member.declineReason })}</Caption1>
      ) : null}
    </li>
  );
}
