import { Body1, Button, Caption1 } from '@fluentui/react-components';
import { ARBITRATION_AGREEMENT, type ConstitutionView } from '@ratkaisu/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog';
import { formatDate } from '../../../../ui/format-date';
import { acceptAgreement } from '../../api/constitution';
import { type RunStep, type Side, useConstitutionStyles, useSideName } from './constitution-look';

/**
 * The arbitration agreement: its clause in the user's language, each party's acceptance, and Accept for the
 * party that has not — confirmed in a dialog first, since accepting binds the party.
 */
export function AgreementSection({
  disputeId,
  constitution,
  side,
  acting,
  busy,
  run,
}: {
  disputeId: string;
  constitution: ConstitutionView;
  side: Side | null;
  acting: Side | null;
  busy: boolean;
  run: RunStep;
}) {
  const { t, i18n } = useTranslation();
  const styles = useConstitutionStyles();
  const sideName = useSideName();
  const [confirming, setConfirming] = useState(false);
  const clause = i18n.resolvedLanguage === 'fi' ? ARBITRATION_AGREEMENT.fi : ARBITRATION_AGREEMENT.en;
  const mine = side ? constitution.agreement[side] : undefined;
  const heading = t('constitution.agreementHeading', { version: ARBITRATION_AGREEMENT.version });

  return (
    <section className={styles.section} aria-label={heading}>
      <Body1 as="h3" className={styles.text}>
        <strong>{heading}</strong>
      </Body1>
      <blockquote className={styles.clause}>{clause}</blockquote>
      {(['claimant', 'respondent'] as const).map((s) => {
        const entry = constitution.agreement[s];
        return (
          <Caption1 key={s}>
            {entry
              ? t('constitution.agreementAccepted', { side: sideName(s), date: formatDate(entry.at), name: entry.name })
              : t('constitution.agreementMissing', { side: sideName(s) })}
          </Caption1>
        );
      })}
      {acting && !mine ? (
        <div className={styles.actions}>
          <Button appearance="primary" disabled={busy} onClick={() => setConfirming(true)}>
            {t('constitution.acceptAgreement')}
          </Button>
          <Caption1 className={styles.muted}>{t('constitution.agreementNote')}</Caption1>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        busy={busy}
        title={t('constitution.acceptAgreementConfirmTitle')}
        message={t('constitution.acceptAgreementConfirm')}
        confirmLabel={t('constitution.acceptAgreement')}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          void run(() => acceptAgreement(disputeId, ARBITRATION_AGREEMENT.version)).finally(() => setConfirming(false))
        }
      />
    </section>
  );
}
