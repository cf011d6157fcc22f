import { Body1, Button, Caption1, Field, Input, makeStyles, Textarea, tokens } from '@fluentui/react-components';
import {
  formatCalendarDate,
  helsinkiCalendarDate,
  type AwardAftercareView,
  type CorrectionRequestView,
} from '@ratkaisu/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { formatDate } from '../../../ui/format-date';
import { commentCorrection, decideCorrection, setCommentPeriod } from '../api/corrections';
import { KIND_KEYS } from './CorrectionRequestDialog';

const useStyles = makeStyles({
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalS,
    borderLeft: `3px solid ${tokens.colorNeutralStroke1}`,
    paddingLeft: tokens.spacingHorizontalM,
  },
  text: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
});

/**
 * One request under §§ 38–39 as the parties and the tribunal see it: who asked what, the other party's
 * period and comments, the decision; the other party's comment form, the tribunal's period and its decision.
 */
export function CorrectionRequestItem({
  request,
  viewer,
  presides,
  run,
  disputeId,
  awardId,
}: {
  request: CorrectionRequestView;
  viewer: 'claimant' | 'respondent' | 'tribunal';
  presides: boolean;
  run: (action: () => Promise<AwardAftercareView>) => Promise<boolean>;
  disputeId: string;
  awardId: string;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [comment, setComment] = useState('');
  const [decision, setDecision] = useState('');
  const [reasons, setReasons] = useState('');
  const [confirmingGrant, setConfirmingGrant] = useState(false);
  const [granting, setGranting] = useState(false);
  const side = (value: 'claimant' | 'respondent') =>
    value === 'claimant' ? t('tribunal.sideClaimant') : t('tribunal.sideRespondent');
  const open = request.status === 'Open';
  const commentOpen = open && helsinkiCalendarDate(new Date()) <= request.commentUntil;
  const mayComment = commentOpen && viewer !== 'tribunal' && viewer !== request.side;

  return (
    <li className={styles.item} data-testid="correction-request">
      <Body1 as="p" className={styles.text}>
        <strong>
          {t('corrections.requestedBy', {
            kind: t(KIND_KEYS[request.kind]),
            side: side(request.side),
            date: formatDate(request.requestedAt),
          })}
        </strong>
      </Body1>
      <Body1 as="p" className={styles.text}>
        {request.text}
      </Body1>
      {open ? (
        <Caption1 className={styles.muted}>
          {t('corrections.commentUntil', { date: formatCalendarDate(request.commentUntil) })}
        </Caption1>
      ) : null}
      {request.comments.map((entry) => (
        <div key={entry.at} className={styles.stack}>
          <Caption1 className={styles.muted}>
            {t('corrections.commentBy', { side: side(entry.side), date: formatDate(entry.at) })}
          </Caption1>
          <Body1 as="p" className={styles.text}>
            {entry.text}
          </Body1>
        </div>
      ))}
      <Body1 as="p" className={styles.text} data-testid="correction-status">
        {request.status === 'Open'
          ? t('corrections.statusOpen')
          : request.status === 'Granted'
            ? t('corrections.statusGranted', { date: formatDate(request.decidedAt ?? '') })
            : t('corrections.statusRejected', { date: formatDate(request.decidedAt ?? '') })}
      </Body1>
      {request.reasons ? (
        <Body1 as="p" className={styles.text}>
          {t('corrections.reasons', { reasons: request.reasons })}
        </Body1>
      ) : null}
      {mayComment ? (
        <div className={styles.row}>
          <Field label={t('corrections.comment')} style={{ flex: 1, minWidth: '240px' }}>
            <Textarea value={comment} resize="vertical" onChange={(_, data) => setComment(data.value)} />
          </Field>
          <Button
            disabled={comment.trim() === ''}
            onClick={() =>
              void run(() => commentCorrection(disputeId, awardId, request.id, comment.trim())).then(
                (ok) => ok && setComment(''),
              )
            }
          >
            {t('corrections.sendComment')}
          </Button>
        </div>
      ) : null}
      {viewer === 'tribunal' && open ? (
        <CommentPeriod run={run} {...{ disputeId, awardId, requestId: request.id }} />
      ) : null}
      {presides && open ? (
        <>
          <div className={styles.row}>
            <Field label={t('corrections.decisionText')} style={{ flex: 1, minWidth: '240px' }}>
              <Textarea value={decision} resize="vertical" rows={4} onChange={(_, data) => setDecision(data.value)} />
            </Field>
            <Button
              appearance="primary"
              disabled={decision.trim().length < 10}
              onClick={() => setConfirmingGrant(true)}
            >
              {t('corrections.grant')}
            </Button>
          </div>
          {/* Adopting binds the tribunal: said in a dialog before it is done (a slip is not undone). */}
          <ConfirmDialog
            open={confirmingGrant}
            busy={granting}
            title={t('corrections.grantConfirmTitle')}
            message={t('corrections.grantConfirm')}
            confirmLabel={t('corrections.grant')}
            onCancel={() => setConfirmingGrant(false)}
            onConfirm={() => {
              setGranting(true);
              void run(() =>
                decideCorrection(disputeId, awardId, request.id, { outcome: 'grant', text: decision.trim() }),
              ).finally(() => {
                setGranting(false);
                setConfirmingGrant(false);
              });
            }}
          />
          <div className={styles.row}>
            <Field label={t('corrections.rejectReasons')} style={{ flex: 1, minWidth: '240px' }}>
              <Textarea value={reasons} resize="vertical" onChange={(_, data) => setReasons(data.value)} />
            </Field>
            <Button
              disabled={reasons.trim().length < 10}
              onClick={() =>
                void run(() =>
                  decideCorrection(disputeId, awardId, request.id, { outcome: 'reject', reasons: reasons.trim() }),
                )
              }
            >
              {t('corrections.reject')}
            </Button>
          </div>
        </>
      ) : null}
    </li>
  );
}

function CommentPeriod({
  run,
  disputeId,
  awardId,
  requestId,
}: {
  run: (action: () => Promise<AwardAftercareView>) => Promise<boolean>;
  disputeId: string;
  awardId: string;
  requestId: string;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [days, setDays] = useState('14');
  const value = Number(days);
  const valid = Number.isInteger(value) && value >= 1 && value <= 60;
  return (
    <div className={styles.row}>
      <Field label={t('corrections.commentPeriod')}>
        <Input type="number" min={1} max={60} value={days} onChange={(_, data) => setDays(data.value)} />
      </Field>
      <Button disabled={!valid} onClick={() => void run(() => setCommentPeriod(disputeId, awardId, requestId, value))}>
        {t('corrections.setPeriod')}
      </Button>
    </div>
  );
}
