import type { CaseOutcome } from '@ratkaisu/core';
import type { TFunction } from 'i18next';
import { formatDate } from './format-date';

/** "Final: both parties accepted version 2 on 27.11.2026" / "Final: award issued on 27.11.2026". */
export function finalOutcomeText(outcome: CaseOutcome, t: TFunction): string {
  return outcome.kind === 'accepted'
    ? t('outcome.finalAccepted', { version: outcome.version, date: formatDate(outcome.at) })
    : t('outcome.finalAward', { date: formatDate(outcome.at) });
}
