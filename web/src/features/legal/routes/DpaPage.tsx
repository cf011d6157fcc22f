import { LegalDocumentPage } from '../components/LegalDocumentPage';

export default function DpaPage() {
  return <LegalDocumentPage document="dpa" />;
}
