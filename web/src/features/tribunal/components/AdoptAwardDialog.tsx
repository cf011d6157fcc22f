import {
  Body1,
  Checkbox,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import type { AwardView, DispositiveCheckView, DispositiveMismatch, TribunalMemberView } from '@ratkaisu/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFormActions } from '../../../ui/DialogFormActions';
import { FormMessage } from '../../../ui/FormMessage';
import { Modal } from '../../../ui/Modal';
import { useFormSubmission } from '../../../ui/use-form-submission';
import { adoptAward, getDispositiveCheck } from '../api/tribunal';
import { AdoptReviewCheck, reviewGaps } from './AdoptReviewCheck';
import { useFocusFirstInvalid } from '../../../ui/use-focus-first-invalid';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  text: { margin: 0 },
  mismatches: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
});

/** One difference between the tuomiolauselma and chapter 6, in the reader's language. */
function MismatchItem({ mismatch }: { mismatch: DispositiveMismatch }) {
  const { t, i18n } = useTranslation();
  const amount =
    mismatch.amountCents === undefined
      ? ''
      : new Intl.NumberFormat(i18n.language === 'fi' ? 'fi-FI' : 'en-GB', {
          style: 'currency',
          currency: 'EUR',
        }).format(mismatch.amountCents / 100);
  const party = mismatch.inReasons === 'claimant' ? t('tribunal.partyClaimant') : t('tribunal.partyRespondent');
  return <li>{t(`tribunal.mismatch_${mismatch.code}`, { order: mismatch.order ?? '', amount, party })}</li>;
}

/**
 * The chair (or sole arbitrator) adopts a saved version. First the tuomiolauselma is compared with chapter 6
 * (dispositive-check): each difference is listed and must be confirmed to adopt anyway; chapters no member
 * opened, or stale after a change they rest on, are listed too and must be confirmed. A member of three who
 * will not sign is named with the reason, as § 40(2) of the Arbitration Act allows.
 */
export function AdoptAwardDialog({
  open,
  disputeId,
  award,
  otherMembers,
  onClose,
  onAdopted,
}: {
  open: boolean;
  disputeId: string;
  award: AwardView;
  /** The other accepted members, who may be named as not signing. */
  otherMembers: readonly TribunalMemberView[];
  onClose: () => void;
  onAdopted: (award: AwardView) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [notSigning, setNotSigning] = useState<Record<string, string>>({});
  const [reasonErrors, setReasonErrors] = useState<Record<string, string>>({});
  const { focusFirstInvalid } = useFocusFirstInvalid();
  const [reviewConfirmed, setReviewConfirmed] = useState(false);
  const [reviewError, setReviewError] = useState<string | undefined>();
  const { submitting: busy, formError, setFormError, runSubmission } = useFormSubmission(t('tribunal.adoptFailed'));
  const [check, setCheck] = useState<DispositiveCheckView | null>(null);
  const [checkFailed, setCheckFailed] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [confirmError, setConfirmError] = useState<string | undefined>();

  // The check of the version being adopted, each time the dialog opens.
  useEffect(() => {
    if (!open) return;
    let current = true;
    setCheck(null);
    setCheckFailed(false);
    setConfirmed(false);
    setConfirmError(undefined);
    getDispositiveCheck(disputeId, award.id).then(
      (answer) => current && setCheck(answer),
      () => current && setCheckFailed(true),
    );
    return () => {
      current = false;
    };
  }, [open, disputeId, award.id, award.version]);
  const mismatches = check?.mismatches ?? [];

  const close = () => {
    if (busy) return;
    setFormError(null);
    onClose();
  };

  const adopt = async () => {
    const errors: Record<string, string> = {};
    for (const [userId, reason] of Object.entries(notSigning)) {
      if (reason.trim().length < 3) errors[userId] = t('tribunal.notSigningReasonRequired');
    }
    setReasonErrors(errors);
    const gaps = reviewGaps(award);
    const reviewMissing = gaps.unopened.length + gaps.stale.length > 0 && !reviewConfirmed;
    setReviewError(reviewMissing ? t('tribunal.adoptConfirmRequired') : undefined);
    const mustConfirm = mismatches.length > 0 && !confirmed;
    setConfirmError(mustConfirm ? t('tribunal.mismatchConfirmRequired') : undefined);
    if (Object.keys(errors).length > 0 || reviewMissing || mustConfirm) {
      focusFirstInvalid();
      return;
    }
    let adopted: AwardView | undefined;
    await runSubmission(async () => {
      adopted = await adoptAward(
        disputeId,
        award.id,
        award.version,
        Object.entries(notSigning).map(([userId, reason]) => ({ userId, reason: reason.trim() })),
        mismatches.length > 0 && confirmed,
      );
    });
    if (adopted) onAdopted(adopted);
  };

  return (
    <Modal
      open={open}
      onClose={close}
      size="wide"
      title={t('tribunal.adoptTitle')}
      actions={
        <DialogFormActions
          busy={busy}
          confirmLabel={t('tribunal.adopt')}
          confirmDisabled={check === null && !checkFailed}
          onConfirm={() => void adopt()}
          onCancel={close}
        />
      }
    >
      <div className={styles.form}>
        <Body1 as="p" className={styles.text}>
          {t('tribunal.adoptIntro', { version: award.version })}
        </Body1>
        {check === null && !checkFailed ? <Spinner size="tiny" label={t('tribunal.mismatchChecking')} /> : null}
        {checkFailed ? (
          <MessageBar intent="warning">
            <MessageBarBody>{t('tribunal.mismatchCheckFailed')}</MessageBarBody>
          </MessageBar>
        ) : null}
        {check && mismatches.length === 0 ? (
          <Body1 as="p" className={styles.text}>
            {t('tribunal.mismatchNone')}
          </Body1>
        ) : null}
        {mismatches.length > 0 ? (
          <section aria-labelledby="adopt-mismatches">
            <MessageBar intent="warning">
              <MessageBarBody>
                <span id="adopt-mismatches">{t('tribunal.mismatchIntro', { count: mismatches.length })}</span>
              </MessageBarBody>
            </MessageBar>
            <ul className={styles.mismatches}>
              {mismatches.map((mismatch, index) => (
                <MismatchItem key={`${mismatch.code}-${mismatch.order ?? index}`} mismatch={mismatch} />
              ))}
            </ul>
            <Field validationMessage={confirmError} required>
              <Checkbox
                checked={confirmed}
                label={t('tribunal.mismatchConfirm')}
                onChange={(_e, data) => {
                  setConfirmed(Boolean(data.checked));
                  if (data.checked) setConfirmError(undefined);
                }}
              />
            </Field>
          </section>
        ) : null}
        <AdoptReviewCheck
          award={award}
          confirmed={reviewConfirmed}
          {...(reviewError ? { error: reviewError } : {})}
          onConfirmed={(confirmed) => {
            setReviewConfirmed(confirmed);
            setReviewError(undefined);
          }}
        />
        {otherMembers.map((member) => {
          const named = member.userId in notSigning;
          return (
            <div key={member.userId}>
              <Checkbox
                checked={named}
                label={t('tribunal.notSigning', { name: member.name })}
                onChange={(_e, data) =>
                  setNotSigning((current) => {
                    const next = { ...current };
                    if (data.checked) next[member.userId] = '';
                    else delete next[member.userId];
                    return next;
                  })
                }
              />
              {named ? (
                <Field
                  label={t('tribunal.notSigningReason', { name: member.name })}
                  required
                  validationMessage={reasonErrors[member.userId]}
                >
                  <Input
                    value={notSigning[member.userId] ?? ''}
                    maxLength={500}
                    onChange={(_e, data) => setNotSigning((current) => ({ ...current, [member.userId]: data.value }))}
                  />
                </Field>
              ) : null}
            </div>
          );
        })}
        <FormMessage intent="error" message={formError} />
      </div>
    </Modal>
  );
}
