import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { finalOutcome, type CaseOutcome, type DisputeView } from '@ratkaisu/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../ui/format-date';

/**
 * The outcome that arrived while the page was open (the live change token, or a reload after a refused
 * action): undefined when the case was final when the page first showed it, or is still open.
 */
export function useBecameFinal(dispute: DisputeView): CaseOutcome | undefined {
  const outcome = finalOutcome(dispute);
  const seen = useRef<{ id: string; final: boolean }>({ id: dispute.id, final: outcome !== undefined });
  const [arrived, setArrived] = useState<CaseOutcome | undefined>(undefined);
  useEffect(() => {
    if (seen.current.id !== dispute.id) {
      seen.current = { id: dispute.id, final: outcome !== undefined };
      setArrived(undefined);
      return;
    }
    if (outcome && !seen.current.final) setArrived(outcome);
    seen.current.final = outcome !== undefined;
  }, [dispute.id, outcome]);
  return arrived;
}

/**
 * Says, in the screens' language, that the case became final while the page was open and what remains:
 * the downloads, and for an award the §§ 38–39 requests within their period (docs/award-law.md).
 */
export function BecameFinalNotice({ outcome }: { outcome: CaseOutcome }) {
  const { t } = useTranslation();
  const date = formatDate(outcome.at);
  return (
    <MessageBar intent="info" role="status" layout="multiline" data-testid="became-final">
      <MessageBarBody>
        <MessageBarTitle>{t('outcome.becameFinalTitle')}</MessageBarTitle>{' '}
        {outcome.kind === 'award'
          ? t('outcome.becameFinalAward', { date })
          : t('outcome.becameFinalAccepted', { version: outcome.version, date })}
      </MessageBarBody>
    </MessageBar>
  );
}
