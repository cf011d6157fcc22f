import {
  Body1,
  Button,
  Caption1,
  Field,
  Link,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Subtitle2,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import {
  formatCalendarDate,
  helsinkiCalendarDate,
  type AwardAftercareView,
  type AwardDeadlineKind,
  type CorrectionDocumentView,
  type CorrectionKind,
  type TribunalMemberView,
} from '@ratkaisu/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { useAuthStore } from '../../../stores/auth-store';
import { formatDateTime } from '../../../ui/format-date';
import { useRefreshCase } from '../../../ui/use-refresh-case';
import { tribunalKeys } from '../api/query-keys';
import {
  acknowledgeReceipt,
  correctOnOwnInitiative,
  downloadCorrection,
  fetchCorrectionPdf,
  getAwardAftercare,
} from '../api/corrections';
import { CorrectionRequestDialog } from './CorrectionRequestDialog';
import { CorrectionRequestItem } from './CorrectionRequestItem';
import { SignAwardDialog } from './SignAwardDialog';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, width: '100%' },
  heading: { margin: 0, marginTop: tokens.spacingVerticalS },
  list: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
  plain: {
    margin: 0,
    padding: 0,
    listStyle: 'none',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  text: { margin: 0, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  document: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXXS },
});

const DEADLINE_KEYS = {
  correction: 'corrections.deadlineCorrection',
  feeChallenge: 'corrections.deadlineFeeChallenge',
  setAside: 'corrections.deadlineSetAside',
} as const satisfies Record<AwardDeadlineKind, string>;

const DOCUMENT_KEYS = {
  correction: 'corrections.documentCorrection',
  interpretation: 'corrections.documentInterpretation',
  additionalAward: 'corrections.documentAdditionalAward',
} as const satisfies Record<CorrectionKind, string>;

/**
 * The issued award's after-care on its card (§§ 37–39): to whom it was mailed and when each side received
 * it, the periods that run from receipt as dates, the requests for correction, interpretation or an
 * additional award with comments and decisions, and the documents the tribunal issued on them. A party
 * acknowledges receipt and requests; the other party comments; the tribunal sets the period, decides, and
 * signs each document as it signed the award.
 */
export function AwardAftercareCard({
  disputeId,
  awardId,
  side,
  members,
}: {
  disputeId: string;
  awardId: string;
  side: 'claimant' | 'respondent' | 'tribunal';
  members: TribunalMemberView[];
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const headingId = useId();
  const myId = useAuthStore((state) => state.id);
  const me = members.find((member) => member.userId === myId && member.status === 'Accepted');
  const presides = me?.role === 'chair' || me?.role === 'sole';
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [requesting, setRequesting] = useState(false);
  const [signing, setSigning] = useState<string | null>(null);
  const [ownText, setOwnText] = useState('');

  // Fetched when the card mounts and whenever the case's queries are (a download or a signature refreshes it:
  // a party's first opening is its receipt); an action's answer is the new view at once.
  const client = useQueryClient();
  const refreshCase = useRefreshCase(disputeId);
  const key = tribunalKeys.aftercare(disputeId, awardId);
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => getAwardAftercare(disputeId, awardId, signal) });
  const view = query.data ?? null;
  const setView = (next: AwardAftercareView) => client.setQueryData(key, next);
  const load = () => client.invalidateQueries({ queryKey: key });
  const loadError = query.error && !view ? errorMessage(query.error, t('corrections.loadFailed')) : null;

  const run = async (action: () => Promise<AwardAftercareView>): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    setError(null);
    try {
      setView(await action());
      return true;
    } catch (failure) {
      setError(errorMessage(failure, t('corrections.actionFailed')));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const sideName = (value: 'claimant' | 'respondent') =>
    value === 'claimant' ? t('tribunal.sideClaimant') : t('tribunal.sideRespondent');
  if (!view) {
    return loadError ? (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>{loadError}</MessageBarBody>
      </MessageBar>
    ) : null;
  }

  const today = helsinkiCalendarDate(new Date());
  const party = side === 'tribunal' ? undefined : side;
  const myReceipt = party ? view.receipts.find((receipt) => receipt.side === party) : undefined;
  const myDeadline = party
    ? view.deadlines.find((entry) => entry.side === party)?.deadlines.find((d) => d.kind === 'correction')?.date
    : undefined;
  const mayRequest = party !== undefined && (myDeadline === undefined || today <= myDeadline);

  const receiptLine = (receipt: { side: 'claimant' | 'respondent'; at: string; how: 'acknowledged' | 'opened' }) =>
    capitalised(
      t(receipt.how === 'acknowledged' ? 'corrections.receivedAcknowledged' : 'corrections.receivedOpened', {
        side: sideName(receipt.side),
        date: formatDateTime(receipt.at),
      }),
    );

  const documentItem = (document: CorrectionDocumentView) => {
    const signed = document.signatures.some((signature) => signature.userId === myId);
    const mine = party ? document.receipts.find((receipt) => receipt.side === party) : undefined;
    return (
      <li key={document.id} className={styles.document} data-testid="correction-document">
        <Body1 as="p" className={styles.text}>
          <strong>{t(document.rejection ? 'corrections.documentRejection' : DOCUMENT_KEYS[document.kind])}</strong>
        </Body1>
        <Caption1 className={styles.muted}>
          {document.status === 'Issued'
            ? t('corrections.documentIssued', { date: formatDateTime(document.issuedAt ?? '') })
            : t('corrections.documentAdopted', {
                date: formatDateTime(document.adoptedAt ?? ''),
                signed: document.signatures.length,
                required: document.requiredSignatures,
              })}
        </Caption1>
        <div className={styles.row}>
          <Link
            as="button"
            onClick={() =>
              void downloadCorrection(disputeId, awardId, document)
                .then(() => load())
                .catch((failure: unknown) => setError(errorMessage(failure, t('corrections.actionFailed'))))
            }
          >
            {t('corrections.download', { fileName: document.fileName })}
          </Link>
          {me && document.status === 'Adopted' && !signed ? (
            <Button size="small" appearance="primary" onClick={() => setSigning(document.id)}>
              {t('corrections.signDocument')}
            </Button>
          ) : null}
          {party && document.status === 'Issued' && !mine ? (
            <Button
              size="small"
              disabled={busy}
              onClick={() => void run(() => acknowledgeReceipt(disputeId, awardId, document.id))}
            >
              {t('corrections.acknowledgeDocument')}
            </Button>
          ) : null}
        </div>
        <ul className={styles.list}>
          {document.deliveries.map((delivery) => (
            <li key={`${delivery.email}-${delivery.at}`}>
              <Caption1 className={styles.muted}>
                {t(deliveryText(delivery), {
                  email: delivery.email,
                  side: sideName(delivery.side),
                  date: formatDateTime(delivery.at),
                })}
              </Caption1>
            </li>
          ))}
          {document.receipts.map((receipt) => (
            <li key={receipt.side}>
              <Caption1 className={styles.muted}>{receiptLine(receipt)}</Caption1>
            </li>
          ))}
        </ul>
      </li>
    );
  };

  return (
    <section className={styles.root} aria-labelledby={headingId} data-testid="award-aftercare">
      <Subtitle2 as="h3" id={headingId} className={styles.heading}>
        {t('corrections.heading')}
      </Subtitle2>

      <Body1 as="p" className={styles.text}>
        <strong>{t('corrections.delivery')}</strong>
      </Body1>
      {view.deliveries.length === 0 ? (
        <Caption1 className={styles.muted}>{t('corrections.notDelivered')}</Caption1>
      ) : (
        <ul className={styles.list} data-testid="award-deliveries">
          {view.deliveries.map((delivery) => (
            <li key={`${delivery.email}-${delivery.at}`}>
              <Caption1>
                {t(deliveryText(delivery), {
                  email: delivery.email,
                  side: sideName(delivery.side),
                  date: formatDateTime(delivery.at),
                })}
                {delivery.attached ? ` · ${t('corrections.withPdf')}` : ''}
              </Caption1>
            </li>
          ))}
        </ul>
      )}

      <Body1 as="p" className={styles.text}>
        <strong>{t('corrections.receipts')}</strong>
      </Body1>
      <ul className={styles.list} data-testid="award-receipts">
        {(['claimant', 'respondent'] as const).map((value) => {
          const receipt = view.receipts.find((entry) => entry.side === value);
          return (
            <li key={value}>
              <Caption1>
                {receipt ? receiptLine(receipt) : capitalised(t('corrections.notReceived', { side: sideName(value) }))}
              </Caption1>
            </li>
          );
        })}
      </ul>
      {party && !myReceipt ? (
        <div className={styles.row}>
          <Button
            appearance="primary"
            disabled={busy}
            onClick={() => void run(() => acknowledgeReceipt(disputeId, awardId))}
          >
            {t('corrections.acknowledge')}
          </Button>
          <Caption1 className={styles.muted}>{t('corrections.acknowledgeHelp')}</Caption1>
        </div>
      ) : null}

      <Body1 as="p" className={styles.text}>
        <strong>{t('corrections.deadlines')}</strong>
      </Body1>
      {(party ? [party] : (['claimant', 'respondent'] as const)).map((value) => {
        const received = view.deadlines.find((entry) => entry.side === value);
        const delivered = view.fromDelivery.find((entry) => entry.side === value);
        return (
          <div key={value} data-testid={`deadlines-${value}`}>
            <Caption1>
              {received
                ? capitalised(
                    t('corrections.deadlinesFor', {
                      side: sideName(value),
                      date: formatDateTime(received.receivedAt),
                    }),
                  )
                : capitalised(
                    t(delivered ? 'corrections.deadlinesFromDelivery' : 'corrections.deadlinesNotDelivered', {
                      side: sideName(value),
                      button: t('corrections.acknowledge'),
                      date: delivered ? formatDateTime(delivered.deliveredAt) : '',
                    }),
                  )}
            </Caption1>
            {received || delivered ? (
              <ul className={styles.list}>
                {(received ?? delivered)!.deadlines.map((deadline) => (
                  <li key={deadline.kind}>
                    <Caption1>
                      {deadline.runsFrom === 'awaitingRequestDecision'
                        ? t('corrections.deadlineSetAsideAwaiting')
                        : t(DEADLINE_KEYS[deadline.kind], { date: formatCalendarDate(deadline.date) })}
                      {deadline.runsFrom === 'requestDecision'
                        ? ` ${t('corrections.deadlineFromRequestDecision')}`
                        : ''}
                      {deadline.runsFrom !== 'awaitingRequestDecision' && deadline.movedFrom
                        ? ` ${t('corrections.deadlineMoved', { date: formatCalendarDate(deadline.movedFrom) })}`
                        : ''}
                    </Caption1>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        );
      })}
      {side === 'tribunal' ? (
        <Caption1 className={styles.muted}>
          {t('corrections.ownInitiativeUntil', { date: formatCalendarDate(view.ownInitiativeUntil) })}
        </Caption1>
      ) : null}

      <Body1 as="p" className={styles.text}>
        <strong>{t('corrections.requestsHeading')}</strong>
      </Body1>
      {view.requests.length === 0 ? <Caption1 className={styles.muted}>{t('corrections.noRequests')}</Caption1> : null}
      <ul className={styles.plain}>
        {view.requests.map((request) => (
          <CorrectionRequestItem
            key={request.id}
            request={request}
            viewer={side}
            presides={presides}
            run={run}
            disputeId={disputeId}
            awardId={awardId}
          />
        ))}
      </ul>
      {mayRequest ? (
        <div>
          <Button onClick={() => setRequesting(true)}>{t('corrections.requestCorrection')}</Button>
        </div>
      ) : null}
      {presides && today <= view.ownInitiativeUntil ? (
        <div className={styles.row}>
          <Field label={t('corrections.ownInitiativeText')} style={{ flex: 1, minWidth: '240px' }}>
            <Textarea value={ownText} resize="vertical" onChange={(_, data) => setOwnText(data.value)} />
          </Field>
          <Button
            disabled={busy || ownText.trim().length < 10}
            onClick={() =>
              void run(() => correctOnOwnInitiative(disputeId, awardId, ownText.trim())).then(
                (ok) => ok && setOwnText(''),
              )
            }
          >
            {t('corrections.ownInitiativeSubmit')}
          </Button>
        </div>
      ) : null}

      {view.documents.length > 0 ? (
        <>
          <Body1 as="p" className={styles.text}>
            <strong>{t('corrections.documentsHeading')}</strong>
          </Body1>
          <ul className={styles.plain}>{view.documents.map(documentItem)}</ul>
        </>
      ) : null}

      {error ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      ) : null}
      <CorrectionRequestDialog
        open={requesting}
        disputeId={disputeId}
        awardId={awardId}
        onClose={() => setRequesting(false)}
        onSent={(next) => {
          setView(next);
          setRequesting(false);
        }}
      />
      {signing ? (
        <SignAwardDialog
          open
          disputeId={disputeId}
          awardId={signing}
          pdfSha256={view?.documents.find((document) => document.id === signing)?.pdfSha256}
          fetchPdf={() => fetchCorrectionPdf(disputeId, awardId, signing)}
          onClose={() => setSigning(null)}
          onSigned={() => {
            setSigning(null);
            // The signature changes the award and the case (an issued correction): every query of the case.
            void refreshCase();
          }}
        />
      ) : null}
    </section>
  );
}

/** A delivery line's text: sent, given up, or written to the outbox and not sent yet. */
function deliveryText(delivery: { failed?: boolean; pending?: boolean }) {
  if (delivery.pending) return 'corrections.deliveryPending' as const;
  return delivery.failed ? ('corrections.deliveryFailed' as const) : ('corrections.deliveredTo' as const);
}

/** A line that opens with a side's name ("kantaja vahvisti…") starts with a capital, as every sentence does. */
function capitalised(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}
