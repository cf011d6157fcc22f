import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { isRouteHandle } from './route-handle';

/** The translated title of the deepest matched route that declares one. */
export function usePageTitle(): string | undefined {
  const { t } = useTranslation();
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => isRouteHandle(match.handle))?.handle;
  return isRouteHandle(handle) ? t(handle.titleKey) : undefined;
}
