import {
  Badge,
  Body1,
  Button,
  Caption1,
  Field,
  makeStyles,
  Spinner,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import type { ClaimsSummaryView, DisputeView, SideSummary } from '@ratkaisu/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Markdown, { type Components } from 'react-markdown';
import { errorMessage } from '../../../api/error-message';
import { FormMessage } from '../../../ui/FormMessage';
import { formatDate } from '../../../ui/format-date';
import { useJobPoller } from '../../../ui/job-progress/use-job-poller';
import { useRefreshCase } from '../../../ui/use-refresh-case';
import { SectionCard, useSectionCardText } from '../../../ui/SectionCard';
import { answerClaims, commentClaims, extractClaims, getJobStatus } from '../api/tribunal';

const strongParagraph = ({ children }: { children?: ReactNode }) => (
  <p>
    <strong>{children}</strong>
  </p>
);
const SUMMARY_MARKDOWN: Components = {
  h1: strongParagraph,
  h2: strongParagraph,
  h3: strongParagraph,
  h4: strongParagraph,
  h5: strongParagraph,
  h6: strongParagraph,
};

const useStyles = makeStyles({
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  line: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  comments: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

/** The longest wait between two checks of the extraction job, like the review screen's regeneration. */
export const CLAIMS_POLL_MS = 2_000;

export interface ClaimsSummaryCardProps {
  dispute: DisputeView;
}

/**
 * The first validation gate: a member of the tribunal has the parties' requests for relief and
 * grounds extracted; each party confirms its own side or corrects it; anyone on the case may comment.
 * Shown once the case has a tribunal. Each change made here fetches the case's queries again
 * (ui/use-refresh-case.ts); until they answer, the summary the server sent back is shown.
 */
export function ClaimsSummaryCard({ dispute }: ClaimsSummaryCardProps) {
  const { t } = useTranslation();
  const styles = { ...useStyles(), ...useSectionCardText() };
  const refreshCase = useRefreshCase(dispute.id);
  // The summary an answer or a comment sent back, shown over the case's until the case is fetched again.
  const [answered, setAnswered] = useState<{ over: ClaimsSummaryView | undefined; summary: ClaimsSummaryView } | null>(
    null,
  );
  const summary = answered && answered.over === dispute.claimsSummary ? answered.summary : dispute.claimsSummary;
  const showAnswered = (next: ClaimsSummaryView) => {
    setAnswered({ over: dispute.claimsSummary, summary: next });
    void refreshCase();
  };
  const [jobId, setJobId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const isMember = dispute.side === 'tribunal';
  // A final case refuses confirming, correcting, commenting and extracting (assert-not-final.ts): none is offered.
  const final = dispute.outcome !== undefined;
  const constituted = dispute.tribunal?.status === 'Constituted';

  useJobPoller({
    jobId,
    fetchStatus: getJobStatus,
    ceilingMs: CLAIMS_POLL_MS,
    onEnd: (status) => {
      setJobId(null);
      if (status.status === 'Completed') {
        setNotice(t('tribunal.claimsExtracted'));
        void refreshCase();
      } else {
        setError(status.errorMessage ?? t('tribunal.claimsExtractFailed'));
      }
    },
    onGiveUp: (failure) => {
      setJobId(null);
      setError(errorMessage(failure, t('tribunal.claimsExtractFailed')));
    },
  });

  if (!dispute.tribunal) return null;

  const extract = async () => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      setJobId((await extractClaims(dispute.id)).jobId);
    } catch (failure) {
      setError(errorMessage(failure, t('tribunal.claimsExtractFailed')));
    } finally {
      setBusy(false);
    }
  };

  const sendComment = async () => {
    if (!comment.trim()) return;
    setBusy(true);
    setError(null);
    try {
      showAnswered(await commentClaims(dispute.id, comment.trim()));
      setComment('');
    } catch (failure) {
      setError(errorMessage(failure, t('tribunal.claimsCommentFailed')));
    } finally {
      setBusy(false);
    }
  };

  const byName = (by: string) =>
    by === 'claimant'
      ? t('tribunal.sideClaimant')
      : by === 'respondent'
        ? t('tribunal.sideRespondent')
        : t('tribunal.claimsByTribunal');

  return (
    <SectionCard heading={t('tribunal.claimsHeading')} region data-testid="claims-summary">
      <Body1 as="p" className={styles.text}>
        {t('tribunal.claimsIntro')}
      </Body1>
      {summary ? (
        <>
          <Caption1 className={styles.muted}>
            {t('tribunal.claimsVersion', { version: summary.version, date: formatDate(summary.extractedAt) })}
          </Caption1>
          {(['claimant', 'respondent'] as const).map((side) => (
            <SideBlock
              key={side}
              side={side}
              entry={summary.sides[side]}
              own={!final && dispute.side === side}
              disputeId={dispute.id}
              onAnswered={showAnswered}
            />
          ))}
          {summary.comments.length > 0 ? (
            <>
              <Text weight="semibold">{t('tribunal.claimsComments')}</Text>
              <ul className={styles.comments} aria-label={t('tribunal.claimsComments')}>
                {summary.comments.map((entry, index) => (
                  <li key={index}>
                    <Caption1 className={styles.muted}>
                      {t('tribunal.claimsCommentBy', {
                        name: entry.name,
                        by: byName(entry.by),
                        date: formatDate(entry.at),
                      })}
                    </Caption1>
                    <Body1 as="p" className={styles.text}>
                      {entry.text}
                    </Body1>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {final ? null : (
            <>
              <Field label={t('tribunal.claimsComment')}>
                <Textarea value={comment} onChange={(_, data) => setComment(data.value)} resize="vertical" />
              </Field>
              <div className={styles.actions}>
                <Button disabled={busy || !comment.trim()} onClick={() => void sendComment()}>
                  {t('tribunal.claimsSendComment')}
                </Button>
              </div>
            </>
          )}
        </>
      ) : (
        <Body1 as="p" className={styles.text}>
          {t('tribunal.claimsNone')}
        </Body1>
      )}
      {isMember && constituted && !final ? (
        <div className={styles.actions}>
          {jobId ? (
            <Spinner size="tiny" label={t('tribunal.claimsExtracting')} />
          ) : (
            <Button appearance={summary ? 'secondary' : 'primary'} disabled={busy} onClick={() => void extract()}>
              {summary ? t('tribunal.claimsExtractAgain') : t('tribunal.claimsExtract')}
            </Button>
          )}
        </div>
      ) : null}
      <FormMessage intent="success" message={notice} />
      <FormMessage intent="error" message={error} />
    </SectionCard>
  );
}

function SideBlock({
  side,
  entry,
  own,
  disputeId,
  onAnswered,
}: {
  side: 'claimant' | 'respondent';
  entry: SideSummary;
  own: boolean;
  disputeId: string;
  onAnswered: (summary: ClaimsSummaryView) => void;
}) {
  const { t } = useTranslation();
  const styles = { ...useStyles(), ...useSectionCardText() };
  const [correcting, setCorrecting] = useState(false);
  const [text, setText] = useState(entry.text);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const answer = async (corrected?: string) => {
    setBusy(true);
    setError(null);
    try {
      onAnswered(await answerClaims(disputeId, side, corrected));
      setCorrecting(false);
    } catch (failure) {
      setError(errorMessage(failure, t('tribunal.claimsAnswerFailed')));
    } finally {
      setBusy(false);
    }
  };

  const status =
    entry.status === 'Confirmed'
      ? t('tribunal.claimsConfirmed', { date: entry.answeredAt ? formatDate(entry.answeredAt) : '' })
      : entry.status === 'Corrected'
        ? t('tribunal.claimsCorrected', { date: entry.answeredAt ? formatDate(entry.answeredAt) : '' })
        : t('tribunal.claimsProposed');

  return (
    <section className={styles.side} data-testid={`claims-${side}`}>
      <div className={styles.line}>
        <Text weight="semibold">
          {side === 'claimant' ? t('tribunal.claimsClaimant') : t('tribunal.claimsRespondent')}
        </Text>
        <Badge appearance="tint" color={entry.status === 'Proposed' ? 'warning' : 'success'}>
          {status}
        </Badge>
      </div>
      {correcting ? (
        <Field label={t('tribunal.claimsCorrection')}>
          <Textarea value={text} onChange={(_, data) => setText(data.value)} resize="vertical" rows={8} />
        </Field>
      ) : (
        <div className={styles.text} data-testid={`claims-${side}-text`}>
          {/* The model writes the summary in Markdown: shown formatted, never as raw marks. react-markdown renders
              no raw HTML, and headings become strong paragraphs so the card's own heading order holds. */}
          <Markdown components={SUMMARY_MARKDOWN}>{entry.text}</Markdown>
        </div>
      )}
      {own ? (
        <div className={styles.actions}>
          {correcting ? (
            <>
              <Button appearance="primary" disabled={busy || !text.trim()} onClick={() => void answer(text.trim())}>
                {t('tribunal.claimsSaveCorrection')}
              </Button>
              <Button disabled={busy} onClick={() => setCorrecting(false)}>
                {t('tribunal.cancel')}
              </Button>
            </>
          ) : (
            <>
              <Button appearance="primary" disabled={busy} onClick={() => void answer()}>
                {t('tribunal.claimsConfirm')}
              </Button>
              <Button
                disabled={busy}
                onClick={() => {
                  setText(entry.text);
                  setCorrecting(true);
                }}
              >
                {t('tribunal.claimsCorrect')}
              </Button>
            </>
          )}
        </div>
      ) : null}
      <FormMessage intent="error" message={error} />
    </section>
  );
}
