import { Badge } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/** A tenant's or user's Active / Inactive status in the admin tables. */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge appearance="tint" color={active ? 'success' : 'subtle'}>
      {active ? t('admin.active') : t('admin.inactive')}
    </Badge>
  );
}
