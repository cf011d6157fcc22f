import type { FeeScheduleView } from '@ratkaisu/core';
import type { FeeScheduleDocument } from './fee-schedule-document.js';

export function toFeeScheduleView(document: FeeScheduleDocument): FeeScheduleView {
  return {
    scope: document.scope,
    ...(document.tenantId ? { tenantId: document.tenantId } : {}),
    revision: document.revision,
    schedule: document.schedule ?? null,
    setAt: document.setAt,
  };
}
