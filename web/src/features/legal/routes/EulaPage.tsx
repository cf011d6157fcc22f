import { useTranslation } from 'react-i18next';
import { LegalPlaceholder } from '../components/LegalPlaceholder';

export default function EulaPage() {
  const { t } = useTranslation();
  return <LegalPlaceholder title={t('routes.eula')} />;
}
