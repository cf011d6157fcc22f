import { useTranslation } from 'react-i18next';
import { LegalPlaceholder } from '../components/LegalPlaceholder';

export default function TermsOfServicePage() {
  const { t } = useTranslation();
  return <LegalPlaceholder title={t('routes.termsOfService')} />;
}
