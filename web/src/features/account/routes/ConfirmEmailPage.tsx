import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../ui/PlaceholderPage';

/** Placeholder until the screen is built: says so plainly. */
export default function ConfirmEmailPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('routes.confirmEmail')} />;
}
