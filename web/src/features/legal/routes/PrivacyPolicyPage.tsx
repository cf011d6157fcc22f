import { LegalDocumentPage } from '../components/LegalDocumentPage';

export default function PrivacyPolicyPage() {
  return <LegalDocumentPage document="privacyPolicy" />;
}
