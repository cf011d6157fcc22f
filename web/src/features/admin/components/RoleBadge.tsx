import { Badge, type BadgeProps } from '@fluentui/react-components';
import type { UserRole } from '@ratkaisu/core';
import { useTranslation } from 'react-i18next';

/** docs/product.md section 6: SuperAdmin red, Admin yellow, User blue, no role grey. */
const ROLE_COLOURS: Record<UserRole, NonNullable<BadgeProps['color']>> = {
  SuperAdmin: 'danger',
  Admin: 'warning',
  User: 'brand',
};

/** The first role, which is the one displayed (docs/product.md section 3, Admin user). */
export function RoleBadge({ roles }: { roles: readonly UserRole[] }) {
  const { t } = useTranslation();
  const role = roles[0];
  const colour = role ? ROLE_COLOURS[role] : 'informative';
  return (
    <Badge appearance="filled" color={colour} data-testid="role-badge" data-colour={colour}>
      {role ?? t('admin.noRole')}
    </Badge>
  );
}
