import { LegalDocumentPage } from '../components/LegalDocumentPage';

export default function CookiePage() {
  return <LegalDocumentPage document="cookiePolicy" />;
}
