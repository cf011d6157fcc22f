import { ARBITRATION_AGREEMENT, type ConstitutionView, type DisputeView } from '@ratkaisu/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { FormMessage } from '../../../ui/FormMessage';
import { SectionCard } from '../../../ui/SectionCard';
import { useRefreshCase } from '../../../ui/use-refresh-case';
import { AgreementSection } from './constitution/AgreementSection';
import { ChallengesSection } from './constitution/ChallengesSection';
import type { RunStep, Side } from './constitution/constitution-look';
import { JurisdictionSection } from './constitution/JurisdictionSection';
import { NewMattersSection } from './constitution/NewMattersSection';
import { TribunalSizeSection } from './constitution/TribunalSizeSection';

const EMPTY_CONSTITUTION: ConstitutionView = {
  agreement: { version: ARBITRATION_AGREEMENT.version },
  challengePeriods: [],
  waivers: [],
  challenges: [],
  newMatters: [],
};

/**
 * The case's legal footing on the case page, one section each (components/constitution/): the arbitration
 * agreement each party accepts; a request for three arbitrators the other party agrees to or refuses; the
 * challenge period of each accepted arbitrator with Challenge and Waive; the corrections and comments put to a
 * party to answer; and, for the tribunal, the other arbitration clauses in the documents and its decision on
 * jurisdiction. Every step is one mutation: while it runs the buttons wait, its refusal shows under the card in
 * the user's language, and when it succeeds the case's queries are fetched again.
 */
export function ConstitutionCard({ dispute }: { dispute: DisputeView }) {
  const { t } = useTranslation();
  const refreshCase = useRefreshCase(dispute.id);
  const step = useMutation({
    mutationFn: (call: () => Promise<unknown>) => call(),
    onSuccess: () => refreshCase(),
  });
  const run: RunStep = (call) =>
    step.mutateAsync(call).then(
      () => true,
      () => false,
    );
  const busy = step.isPending;
  const constitution = dispute.constitution ?? EMPTY_CONSTITUTION;
  const side: Side | null = dispute.side === 'tribunal' ? null : (dispute.side ?? null);
  // A final case refuses every step below (assert-not-final.ts): the card then shows the record, offers nothing.
  const final = dispute.outcome !== undefined;
  const acting: Side | null = final ? null : side;
  const members = dispute.tribunal?.members ?? [];
  const seated = members.filter((member) => member.status === 'Accepted');

  return (
    <SectionCard heading={t('constitution.heading')} region spacious data-testid="constitution-card">
      <AgreementSection
        disputeId={dispute.id}
        constitution={constitution}
        side={side}
        acting={acting}
        busy={busy}
        run={run}
      />
      {constitution.sizeRequest ? (
        <TribunalSizeSection
          disputeId={dispute.id}
          request={constitution.sizeRequest}
          acting={acting}
          busy={busy}
          run={run}
        />
      ) : null}
      {seated.length > 0 || constitution.challenges.length > 0 ? (
        <ChallengesSection
          disputeId={dispute.id}
          constitution={constitution}
          seated={seated}
          members={members}
          side={side}
          acting={acting}
          final={final}
          busy={busy}
          run={run}
          onChallenged={refreshCase}
        />
      ) : null}
      {constitution.newMatters.length > 0 ? (
        <NewMattersSection
          disputeId={dispute.id}
          matters={constitution.newMatters}
          acting={acting}
          busy={busy}
          run={run}
        />
      ) : null}
      {dispute.side === 'tribunal' ? <JurisdictionSection disputeId={dispute.id} busy={busy} run={run} /> : null}
      <FormMessage intent="error" message={step.error ? errorMessage(step.error, t('constitution.failed')) : null} />
    </SectionCard>
  );
}
