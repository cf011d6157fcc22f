import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { DisputeView } from '@ratkaisu/core';
import CaseAttachmentPage from '../features/cases/routes/CaseAttachmentPage';
import { ClaimsSummaryCard } from '../features/tribunal/components/ClaimsSummaryCard';
import { TribunalPanel } from '../features/tribunal/components/TribunalPanel';
import { AwardAftercareCard } from '../features/tribunal/components/AwardAftercareCard';
import { ConstitutionCard } from '../features/tribunal/components/ConstitutionCard';
import { HearingCard } from '../features/tribunal/components/HearingCard';
import { CasePaymentsCard } from '../features/fees/components/CasePaymentsCard';
import { markCaseNoticesRead } from '../features/notices/api/notices';
import { noticeKeys } from '../features/notices/api/query-keys';
import { useUnreadStore } from '../features/notices/unread-store';
import { useRefreshCase } from '../ui/use-refresh-case';

// The generator renders markdown; its chunk loads on first use, not with the case page.
const ClaimGeneratorModal = lazy(() => import('../features/claim-generator/components/ClaimGeneratorModal'));

const renderTribunal = (dispute: DisputeView) => (
  <>
    <TribunalPanel dispute={dispute} />
    <ConstitutionCard dispute={dispute} />
    {dispute.tribunal ? <ClaimsSummaryCard dispute={dispute} /> : null}
    {dispute.tribunal?.members.some((member) => member.status === 'Accepted') ? (
      <HearingCard dispute={dispute} />
    ) : null}
  </>
);

const renderAwardAftercare = (dispute: DisputeView, awardId: string) =>
  dispute.side ? (
    <AwardAftercareCard
      disputeId={dispute.id}
      awardId={awardId}
      side={dispute.side}
      members={dispute.tribunal?.members ?? []}
    />
  ) : null;

const renderPayments = (dispute: DisputeView) => <CasePaymentsCard dispute={dispute} />;

/**
 * `/case-attachment/:disputeId`: the case page composed with the claim generator and the tribunal panel. Both entries (the
 * Claim phase's Generate Claim with its selected files, Tools → Claim Generator with none) open it;
 * a claim saved as PDF makes the page fetch its phases again.
 */
export default function CaseAttachmentRoute() {
  const { disputeId = '' } = useParams();
  const [generator, setGenerator] = useState<{ preselectedFileIds: string[] } | null>(null);

  const openGenerator = useCallback((selectedFileIds: string[]) => {
    setGenerator({ preselectedFileIds: selectedFileIds });
  }, []);
  const closeGenerator = useCallback(() => setGenerator(null), []);
  // A claim saved as PDF adds a file to the Claim phase: the case's queries are fetched again.
  const refreshCase = useRefreshCase(disputeId);
  const reloadCase = useCallback(() => void refreshCase(), [refreshCase]);

  const client = useQueryClient();
  // Opening the case reads what its notices point to: they are marked read, and the menu's count follows.
  useEffect(() => {
    if (!disputeId) return;
    let live = true;
    markCaseNoticesRead(disputeId).then(
      ({ marked, unread }) => {
        if (!live || marked === 0) return;
        useUnreadStore.getState().setUnread(unread);
        void client.invalidateQueries({ queryKey: noticeKeys.list });
      },
      // The count is a convenience: a failure leaves the notices unread, to be read from the list.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [disputeId, client]);

  return (
    <>
      <CaseAttachmentPage
        onGenerateClaim={openGenerator}
        renderTribunal={renderTribunal}
        renderPayments={renderPayments}
        renderAwardAftercare={renderAwardAftercare}
      />
      {generator ? (
        <Suspense fallback={null}>
          <ClaimGeneratorModal
            open
            disputeId={disputeId}
            preselectedFileIds={generator.preselectedFileIds}
            onClose={closeGenerator}
            onSavedAsPdf={reloadCase}
          />
        </Suspense>
      ) : null}
    </>
  );
}
