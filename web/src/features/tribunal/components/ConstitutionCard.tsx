import { Body1, Button, Caption1, Field, makeStyles, Spinner, Textarea, tokens } from '@fluentui/react-components';
import {
  ARBITRATION_AGREEMENT,
  type ConstitutionView,
  type DisputeView,
  type JurisdictionView,
  type NewMatterView,
} from '@ratkaisu/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { FormMessage } from '../../../ui/FormMessage';
import { formatDate } from '../../../ui/format-date';
import { Modal } from '../../../ui/Modal';
import { SectionCard, useSectionCardText } from '../../../ui/SectionCard';
import {
  acceptAgreement,
  answerNewMatter,
  answerTribunalSize,
  challengeArbitrator,
  getJurisdiction,
  recordJurisdiction,
  waiveChallenge,
} from '../api/constitution';

const useStyles = makeStyles({
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

type Side = 'claimant' | 'respondent';

/**
 * The case's legal footing on the case page: the arbitration agreement each party
 * accepts; a request for three arbitrators the other party agrees to or refuses; the challenge period of each
 * accepted arbitrator with Challenge and Waive; the corrections and comments put to a party to answer; and,
 * for the tribunal, the other arbitration clauses in the documents and its decision on jurisdiction.
 */
export function ConstitutionCard({ dispute, onChanged }: { dispute: DisputeView; onChanged: () => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const styles = { ...useStyles(), ...useSectionCardText() };
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [challenging, setChallenging] = useState<{ id: string; name: string } | null>(null);
  // Accepting the agreement and waiving challenges bind the party: each is confirmed in a dialog first.
  const [confirming, setConfirming] = useState<'agreement' | 'waive' | null>(null);
  const constitution: ConstitutionView = dispute.constitution ?? {
    agreement: { version: ARBITRATION_AGREEMENT.version },
    challengePeriods: [],
    waivers: [],
    challenges: [],
    newMatters: [],
  };
  const side: Side | null = dispute.side === 'tribunal' ? null : dispute.side;
  // A final case refuses every step below (assert-not-final.ts): the card then shows the record, offers nothing.
  const final = dispute.outcome !== undefined;
  const acting: Side | null = final ? null : side;
  const sideName = (s: Side) => (s === 'claimant' ? t('constitution.sideClaimant') : t('constitution.sideRespondent'));
  const now = Date.now();

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      await onChanged();
    } catch (failure) {
      setError(errorMessage(failure, t('constitution.failed')));
    } finally {
      setBusy(false);
    }
  };

  const clause = i18n.resolvedLanguage === 'fi' ? ARBITRATION_AGREEMENT.fi : ARBITRATION_AGREEMENT.en;
  const mine = side ? constitution.agreement[side] : undefined;
  const size = constitution.sizeRequest;
  const seated = (dispute.tribunal?.members ?? []).filter((member) => member.status === 'Accepted');
  const periods = seated.map((member) => ({
    member,
    until: constitution.challengePeriods.find((period) => period.arbitratorId === member.userId)?.until,
  }));
  const waivedByMe = new Set(
    constitution.waivers.filter((waiver) => waiver.side === side).flatMap((waiver) => waiver.arbitratorIds),
  );
  const canWaive = acting !== null && seated.some((member) => !waivedByMe.has(member.userId));

  return (
    <SectionCard heading={t('constitution.heading')} region spacious data-testid="constitution-card">
      <section
        className={styles.section}
        aria-label={t('constitution.agreementHeading', { version: ARBITRATION_AGREEMENT.version })}
      >
        <Body1 as="h3" className={styles.text}>
          <strong>{t('constitution.agreementHeading', { version: ARBITRATION_AGREEMENT.version })}</strong>
        </Body1>
        <blockquote className={styles.clause}>{clause}</blockquote>
        {(['claimant', 'respondent'] as const).map((s) => {
          const entry = constitution.agreement[s];
          return (
            <Caption1 key={s}>
              {entry
                ? t('constitution.agreementAccepted', {
                    side: sideName(s),
                    date: formatDate(entry.at),
                    name: entry.name,
                  })
                : t('constitution.agreementMissing', { side: sideName(s) })}
            </Caption1>
          );
        })}
        {acting && !mine ? (
          <div className={styles.actions}>
            <Button appearance="primary" disabled={busy} onClick={() => setConfirming('agreement')}>
              {t('constitution.acceptAgreement')}
            </Button>
            <Caption1 className={styles.muted}>{t('constitution.agreementNote')}</Caption1>
          </div>
        ) : null}
      </section>

      {size ? (
        <section className={styles.section} aria-label={t('constitution.sizeHeading')}>
          <Body1 as="h3" className={styles.text}>
            <strong>{t('constitution.sizeHeading')}</strong>
          </Body1>
          {size.status === 'Pending' && acting && acting !== size.requestedBySide ? (
            <>
              <Body1 as="p" className={styles.text}>
                {t('constitution.sizeAsk', { side: sideName(size.requestedBySide), date: formatDate(size.answerBy) })}
              </Body1>
              <div className={styles.actions}>
                <Button
                  appearance="primary"
                  disabled={busy}
                  onClick={() => void run(() => answerTribunalSize(dispute.id, true))}
                >
                  {t('constitution.agree')}
                </Button>
                <Button disabled={busy} onClick={() => void run(() => answerTribunalSize(dispute.id, false))}>
                  {t('constitution.refuse')}
                </Button>
              </div>
            </>
          ) : (
            <Body1 as="p" className={styles.text}>
              {size.status === 'Pending'
                ? t('constitution.sizeWaiting', { date: formatDate(size.answerBy) })
                : t(`constitution.size${size.status}`)}
            </Body1>
          )}
        </section>
      ) : null}

      {seated.length > 0 || constitution.challenges.length > 0 ? (
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
                      .map((id) => dispute.tribunal?.members.find((member) => member.userId === id)?.name ?? id)
                      .join(', '),
                  })}
                </Caption1>
              </li>
            ))}
          </ul>
          {canWaive ? (
            <div className={styles.actions}>
              <Button disabled={busy} onClick={() => setConfirming('waive')}>
                {t('constitution.waive')}
              </Button>
            </div>
          ) : null}
        </section>
      ) : null}

      {constitution.newMatters.length > 0 ? (
        <section className={styles.section} aria-label={t('constitution.mattersHeading')}>
          <Body1 as="h3" className={styles.text}>
            <strong>{t('constitution.mattersHeading')}</strong>
          </Body1>
          <ul className={styles.list}>
            {constitution.newMatters.map((matter) => (
              <MatterItem
                key={matter.id}
                matter={matter}
                canAnswer={acting !== null && acting !== matter.raisedBy}
                sideName={sideName}
                onAnswer={(text) => run(() => answerNewMatter(dispute.id, matter.id, text))}
                busy={busy}
              />
            ))}
          </ul>
        </section>
      ) : null}

      {dispute.side === 'tribunal' ? (
        <JurisdictionSection
          disputeId={dispute.id}
          onRecord={(text) => run(() => recordJurisdiction(dispute.id, text))}
          busy={busy}
        />
      ) : null}

      <FormMessage intent="error" message={error} />

      <ChallengeDialog
        target={challenging}
        onClose={() => setChallenging(null)}
        onSend={async (grounds) => {
          await challengeArbitrator(dispute.id, challenging!.id, grounds);
          setChallenging(null);
          await onChanged();
        }}
      />
      <ConfirmDialog
        open={confirming === 'agreement'}
        busy={busy}
        title={t('constitution.acceptAgreementConfirmTitle')}
        message={t('constitution.acceptAgreementConfirm')}
        confirmLabel={t('constitution.acceptAgreement')}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          void run(() => acceptAgreement(dispute.id, ARBITRATION_AGREEMENT.version)).finally(() => setConfirming(null))
        }
      />
      <ConfirmDialog
        open={confirming === 'waive'}
        busy={busy}
        title={t('constitution.waiveConfirmTitle')}
        message={t('constitution.waiveConfirm', {
          names: seated
            .filter((member) => !waivedByMe.has(member.userId))
            .map((member) => member.name)
            .join(', '),
        })}
        confirmLabel={t('constitution.waive')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void run(() => waiveChallenge(dispute.id)).finally(() => setConfirming(null))}
      />
    </SectionCard>
  );
}

function MatterItem({
  matter,
  canAnswer,
  sideName,
  onAnswer,
  busy,
}: {
  matter: NewMatterView;
  canAnswer: boolean;
  sideName: (side: Side) => string;
  onAnswer: (text: string) => Promise<void>;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const styles = { ...useStyles(), ...useSectionCardText() };
  const [text, setText] = useState('');
  const lapsed = !matter.answer && new Date(matter.answerBy).getTime() <= Date.now();
  return (
    <li>
      <Body1 as="p" className={styles.text}>
        {t(matter.kind === 'correction' ? 'constitution.matterCorrection' : 'constitution.matterComment', {
          side: sideName(matter.raisedBy),
          date: formatDate(matter.raisedAt),
        })}{' '}
        {matter.text}
      </Body1>
      <Caption1 className={styles.muted}>
        {matter.answer
          ? t('constitution.matterAnswered', {
              date: formatDate(matter.answer.at),
              name: matter.answer.name,
              text: matter.answer.text,
            })
          : lapsed
            ? t('constitution.matterLapsed', { date: formatDate(matter.answerBy) })
            : t('constitution.matterAnswerBy', { date: formatDate(matter.answerBy) })}
      </Caption1>
      {canAnswer && !matter.answer && !lapsed ? (
        <div className={styles.section}>
          <Field label={t('constitution.yourAnswer')}>
            <Textarea value={text} onChange={(_, data) => setText(data.value)} resize="vertical" />
          </Field>
          <div className={styles.actions}>
            <Button
              appearance="primary"
              disabled={busy || text.trim().length === 0}
              onClick={() => void onAnswer(text.trim()).then(() => setText(''))}
            >
              {t('constitution.sendAnswer')}
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

function JurisdictionSection({
  disputeId,
  onRecord,
  busy,
}: {
  disputeId: string;
  onRecord: (text: string) => Promise<void>;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const styles = { ...useStyles(), ...useSectionCardText() };
  const [view, setView] = useState<JurisdictionView | null>(null);
  const [text, setText] = useState('');
  const [reload, setReload] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getJurisdiction(disputeId, controller.signal)
      .then(setView)
      .catch(() => setView({ clauses: [] }));
    return () => controller.abort();
  }, [disputeId, reload]);

  return (
    <section className={styles.section} aria-label={t('constitution.jurisdictionHeading')}>
      <Body1 as="h3" className={styles.text}>
        <strong>{t('constitution.jurisdictionHeading')}</strong>
      </Body1>
      {view === null ? (
        <Spinner size="tiny" label={t('constitution.loading')} />
      ) : view.clauses.length === 0 && !view.decision ? (
        <Body1 as="p" className={styles.text}>
          {t('constitution.jurisdictionNone')}
        </Body1>
      ) : (
        <>
          {view.clauses.length > 0 ? (
            <>
              <Body1 as="p" className={styles.text}>
                {t('constitution.jurisdictionFound')}
              </Body1>
              <ul className={styles.list}>
                {view.clauses.map((clause) => (
                  <li key={`${clause.fileName}-${clause.page}`}>
                    <Caption1>
                      {t('constitution.jurisdictionClause', {
                        file: clause.fileName,
                        page: clause.page,
                        excerpt: clause.excerpt,
                      })}
                    </Caption1>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {view.decision ? (
            <Body1 as="p" className={styles.text}>
              {t('constitution.jurisdictionDecision', {
                date: formatDate(view.decision.at),
                name: view.decision.name,
                text: view.decision.text,
              })}
            </Body1>
          ) : null}
          <Field label={t('constitution.jurisdictionText')}>
            <Textarea value={text} onChange={(_, data) => setText(data.value)} resize="vertical" />
          </Field>
          <div className={styles.actions}>
            <Button
              appearance="primary"
              disabled={busy || text.trim().length < 20}
              onClick={() =>
                void onRecord(text.trim()).then(() => {
                  setText('');
                  setReload((n) => n + 1);
                })
              }
            >
              {t('constitution.recordJurisdiction')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

function ChallengeDialog({
  target,
  onClose,
  onSend,
}: {
  target: { id: string; name: string } | null;
  onClose: () => void;
  onSend: (grounds: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const styles = { ...useStyles(), ...useSectionCardText() };
  const [grounds, setGrounds] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await onSend(grounds.trim());
      setGrounds('');
    } catch (failure) {
      setError(errorMessage(failure, t('constitution.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={target !== null}
      onClose={() => (busy ? undefined : onClose())}
      title={t('constitution.challengeDialog')}
      actions={
        <>
          <Button disabled={busy} onClick={onClose}>
            {t('constitution.cancel')}
          </Button>
          <Button appearance="primary" disabled={busy || grounds.trim().length < 10} onClick={() => void send()}>
            {t('constitution.send')}
          </Button>
        </>
      }
    >
      <div className={styles.section}>
        <Body1 as="p" className={styles.text}>
          {target ? `${target.name}. ` : ''}
          {t('constitution.challengeIntro')}
        </Body1>
        <Field label={t('constitution.grounds')} required>
          <Textarea value={grounds} onChange={(_, data) => setGrounds(data.value)} resize="vertical" rows={5} />
        </Field>
        <FormMessage intent="error" message={error} />
      </div>
    </Modal>
  );
}
