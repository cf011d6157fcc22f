import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../ui/PlaceholderPage';

/** Placeholder until the screen is built: says so plainly. */
export default function AdminPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('adminPanel')} />;
}
