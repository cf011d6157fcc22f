import type { Catalogue } from '../i18n/en-features';

/** Catalogue keys a route may use as its title. */
export type TitleKey =
  | 'home'
  | 'newDisputeForm'
  | 'caseAttachments'
  | 'adminPanel'
  | 'account'
  | `routes.${keyof Catalogue['routes'] & string}`;

/** Data a route declares about itself (read with useMatches). */
export interface RouteHandle {
  titleKey: TitleKey;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'titleKey' in value;
}
