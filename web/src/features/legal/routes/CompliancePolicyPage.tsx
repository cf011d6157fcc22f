import { LegalDocumentPage } from '../components/LegalDocumentPage';

export default function CompliancePolicyPage() {
  return <LegalDocumentPage document="compliancePolicy" />;
}
