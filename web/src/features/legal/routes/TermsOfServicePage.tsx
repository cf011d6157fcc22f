import { LegalDocumentPage } from '../components/LegalDocumentPage';
import { TermsDecisionBar } from '../components/TermsDecisionBar';

export default function TermsOfServicePage() {
  return (
    <LegalDocumentPage document="termsOfService">
      <TermsDecisionBar />
    </LegalDocumentPage>
  );
}
