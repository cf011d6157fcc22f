import {
  Avatar,
  Button,
  Caption1,
  CounterBadge,
  makeStyles,
  Menu,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Text,
  tokens,
} from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { currentLanguage, LANGUAGES, setLanguage, type Language } from '../i18n/i18n';
import { signOut } from '../identity/session';
import { useAuthStore } from '../stores/auth-store';
import { useIdentityStore } from '../stores/identity-store';
import { RouterLink } from '../ui/RouterLink';
import { useUnreadNotices } from '../features/notices/use-unread-notices';
import { saveAccountLanguage } from '../features/account/api/language';
import { queryClient } from './query-client';

const LEGAL_LINKS = [
  { to: '/terms-of-service', key: 'routes.termsOfService' },
  { to: '/compliance-policy', key: 'routes.compliancePolicy' },
  { to: '/dpa', key: 'routes.dpa' },
  { to: '/cookie', key: 'routes.cookie' },
  { to: '/eula', key: 'routes.eula' },
  { to: '/privacy-policy', key: 'routes.privacyPolicy' },
] as const;

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  skipLink: {
    position: 'absolute',
    left: '-10000px',
    top: 'auto',
    ':focus': {
      left: tokens.spacingHorizontalM,
      top: tokens.spacingVerticalM,
      zIndex: 10,
      padding: tokens.spacingVerticalS,
      backgroundColor: tokens.colorNeutralBackground1,
    },
  },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXL,
    height: '56px',
    padding: `0 ${tokens.spacingHorizontalXL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow2,
  },
  logo: {
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorBrandForeground1,
    textDecorationLine: 'none',
    letterSpacing: '-0.01em',
  },
  title: {
    flexGrow: 1,
    color: tokens.colorNeutralForeground2,
    paddingLeft: tokens.spacingHorizontalXL,
    borderLeft: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  main: {
    flexGrow: 1,
    boxSizing: 'border-box',
    width: '100%',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXL}`,
    outlineStyle: 'none',
  },
  footer: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  legalLinks: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  helpLinks: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  muted: { color: tokens.colorNeutralForeground3 },
  accountButton: { flexShrink: 0, minWidth: 'auto', maxWidth: '280px' },
  accountName: {
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    // On narrow screens the avatar alone opens the menu; the name is in the menu and the button's label.
    '@media (max-width: 640px)': { display: 'none' },
  },
});

/**
 * The signed-in frame: header (logo, page title, account menu), content, legal footer; and the app's one query
 * cache (query-client.ts) for the screens inside it. The frame loads only once someone is signed in, so the query
 * library is not part of the sign-in page's first load.
 */
export default function Shell(props: ShellProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ShellFrame {...props} />
    </QueryClientProvider>
  );
}

interface ShellProps {
  title: string | undefined;
  mainRef: RefObject<HTMLElement | null>;
  children: ReactNode;
}

function ShellFrame({ title, mainRef, children }: ShellProps) {
  const { t } = useTranslation();
  const styles = useStyles();

  return (
    <div className={styles.root}>
      <a href="#main" className={styles.skipLink}>
        {t('app.skipToContent')}
      </a>
      <header className={styles.header}>
        <Link to="/" className={styles.logo}>
          {t('app.name')}
        </Link>
        <Text className={styles.title} size={400} data-testid="shell-title">
          {title}
        </Text>
        <AccountMenu />
      </header>
      <main id="main" ref={mainRef} tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <footer className={styles.footer}>
        <nav aria-label={t('shell.legalNavigation')}>
          <ul className={styles.legalLinks}>
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <RouterLink to={link.to}>{t(link.key)}</RouterLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('shell.helpNavigation')} className={styles.helpLinks}>
          <RouterLink to="/glossary">{t('shell.glossaryLink')}</RouterLink>
          <RouterLink to="/pricing">{t('shell.pricingLink')}</RouterLink>
        </nav>
        <Caption1 className={styles.muted}>{t('shell.copyright', { year: new Date().getFullYear() })}</Caption1>
      </footer>
    </div>
  );
}

function AccountMenu() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const userName = useAuthStore((state) => state.userName);
  const email = useAuthStore((state) => state.email);
  const accountName = useIdentityStore((state) => state.account?.name ?? '');
  const accountEmail = useIdentityStore((state) => state.account?.username ?? '');
  const isAdmin = useIdentityStore((state) => state.isAdmin);

  const name = userName || accountName || email || accountEmail;
  const shownEmail = email || accountEmail;
  const unread = useUnreadNotices();

  const logout = async () => {
    await signOut();
    void navigate('/logout', { replace: true });
  };

  return (
    <Menu
      positioning="below-end"
      checkedValues={{ language: [currentLanguage()] }}
      onCheckedValueChange={(_, data) => {
        const [language] = data.checkedItems;
        if (data.name === 'language' && language) {
          void setLanguage(language as Language);
          // Signed in: the account keeps the choice, and mails and notices follow it.
          void saveAccountLanguage(language as Language);
        }
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          className={styles.accountButton}
          // No initials in the avatar: their letters would be visible text missing from the button's
          // name "Account menu for alice" (WCAG 2.5.3 Label in Name); Fluent shows a person icon instead.
          icon={<Avatar size={28} color="brand" aria-hidden />}
          aria-label={
            unread > 0
              ? // The count shows after the name: the label holds the visible text, in order (WCAG 2.5.3).
                `${t('shell.accountMenu', { name })} ${t('notices.unreadBadge', { count: unread })}`
              : t('shell.accountMenu', { name })
          }
        >
          <span className={styles.accountName}>{name}</span>
          {unread > 0 ? (
            <>
              {' '}
              <CounterBadge count={unread} size="small" color="danger" data-testid="notices-unread-badge" />
            </>
          ) : null}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuGroup>
            <MenuGroupHeader>
              <span>
                <Text weight="semibold" block>
                  {name}
                </Text>
                <Caption1>{shownEmail}</Caption1>
              </span>
            </MenuGroupHeader>
          </MenuGroup>
          <MenuDivider />
          <MenuItem onClick={() => void navigate('/notices')} data-testid="notices-menu-item">
            {unread > 0 ? t('notices.menuItemUnread', { count: unread }) : t('notices.menuItem')}
          </MenuItem>
          {isAdmin ? <MenuItem onClick={() => void navigate('/admin')}>{t('shell.adminPanelLink')}</MenuItem> : null}
          <MenuItem onClick={() => void navigate('/sessions')}>{t('shell.accountLink')}</MenuItem>
          <MenuItem onClick={() => void navigate('/glossary')}>{t('shell.glossaryLink')}</MenuItem>
          <MenuDivider />
          <MenuGroup>
            <MenuGroupHeader>{t('language.label')}</MenuGroupHeader>
            {LANGUAGES.map((language) => (
              <MenuItemRadio key={language} name="language" value={language} lang={language}>
                {t(`language.${language}`)}
              </MenuItemRadio>
            ))}
          </MenuGroup>
          <MenuDivider />
          <MenuItem onClick={() => void logout()}>{t('shell.logout')}</MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
