import { Link as FluentLink } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';

/** A Fluent-styled link that navigates inside the SPA (and still opens in a new tab on ctrl/middle click). */
export function RouterLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <FluentLink as="a" href={href} className={className} onClick={handleClick}>
      {children}
    </FluentLink>
  );
}
