import { makeStyles, tokens } from '@fluentui/react-components';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useIsSignedIn } from '../stores/session';
import { LoadingScreen } from '../ui/LoadingScreen';
import { usePageTitle } from './use-page-title';

// The signed-in frame (menus, avatar) loads only once someone is signed in.
const Shell = lazy(() => import('./Shell'));

const useStyles = makeStyles({
  bare: {
    minHeight: '100vh',
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground2,
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalXL}`,
    outlineStyle: 'none',
  },
  brand: {
    display: 'inline-block',
    marginBottom: tokens.spacingVerticalXL,
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorBrandForeground1,
    textDecorationLine: 'none',
    letterSpacing: '-0.01em',
  },
  brandRow: { maxWidth: '880px', margin: '0 auto' },
});

/** Sign-in screens carry their own brand block. */
const OWN_BRAND_PATHS = new Set(['/login', '/logout']);
const ownsBrand = (pathname: string) => OWN_BRAND_PATHS.has(pathname) || pathname.startsWith('/invitation/');

/**
 * The frame around every route: the shell (signed in) or a bare page, the document title, and focus moved
 * to the new page after navigation. docs/product.md keeps the shell off admin pages; an operator there then had no
 * account menu, logout or way back, so /admin is inside the same shell as the rest of the app.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const styles = useStyles();
  const signedIn = useIsSignedIn();
  const { pathname } = useLocation();
  const title = usePageTitle();
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    document.title = title ? t('app.documentTitle', { title }) : t('app.name');
  }, [title, t]);

  useEffect(() => {
    // Screen-reader and keyboard users start reading the new page, not the old link.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    mainRef.current?.focus();
  }, [pathname]);

  const content = (
    <Suspense fallback={<LoadingScreen inline label={t('app.loadingPage')} />}>
      <Outlet />
    </Suspense>
  );

  if (signedIn) {
    return (
      <Suspense fallback={<LoadingScreen label={t('app.loadingPage')} />}>
        <Shell title={title} mainRef={mainRef}>
          {content}
        </Shell>
      </Suspense>
    );
  }
  return (
    <main id="main" ref={mainRef} tabIndex={-1} className={styles.bare}>
      {ownsBrand(pathname) ? null : (
        <div className={styles.brandRow}>
          <Link to="/" className={styles.brand}>
            {t('app.name')}
          </Link>
        </div>
      )}
      {content}
    </main>
  );
}
