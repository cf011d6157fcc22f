import { useTranslation } from 'react-i18next';
import { LegalPlaceholder } from '../components/LegalPlaceholder';

export default function CookiePage() {
  const { t } = useTranslation();
  return <LegalPlaceholder title={t('routes.cookie')} />;
}
