import { Body1, Checkbox, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import type { AwardView, TribunalMemberView } from '@ratkaisu/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFormActions } from '../../../ui/DialogFormActions';
import { FormMessage } from '../../../ui/FormMessage';
import { Modal } from '../../../ui/Modal';
import { useFormSubmission } from '../../../ui/use-form-submission';
import { adoptAward } from '../api/tribunal';
import { AdoptReviewCheck, reviewGaps } from './AdoptReviewCheck';
import { useFocusFirstInvalid } from '../../../ui/use-focus-first-invalid';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  text: { margin: 0 },
});

/**
 * The chair (or sole arbitrator) adopts a saved version. A member of three who will not sign is named
 * with the reason, as § 36 of the Arbitration Act allows.
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
    if (Object.keys(errors).length > 0 || reviewMissing) {
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
          onConfirm={() => void adopt()}
          onCancel={close}
        />
      }
    >
      <div className={styles.form}>
        <Body1 as="p" className={styles.text}>
          {t('tribunal.adoptIntro', { version: award.version })}
        </Body1>
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
