import { LegalDocumentPage } from '../components/LegalDocumentPage';

export default function EulaPage() {
  return <LegalDocumentPage document="eula" />;
}
