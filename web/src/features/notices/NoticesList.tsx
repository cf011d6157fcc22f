import type { NoticeView } from '@ratkaisu/core';
import { Badge, Body1, Button, Caption1, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../i18n/i18n';
import { formatDateTime } from '../../ui/format-date';

const useStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  unreadItem: {
    borderLeft: `${tokens.strokeWidthThickest} solid ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorBrandBackground2,
  },
  head: { display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  title: { overflowWrap: 'anywhere' },
  text: { overflowWrap: 'anywhere' },
  meta: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalXS },
});

/**
 * The notices, newest first: each with its title and line in the screens' language, when it came, whether it is
 * read, a link to its place (opening marks it read) and "Mark read".
 */
export function NoticesList({
  items,
  language,
  onOpen,
  onMarkRead,
}: {
  items: readonly NoticeView[];
  language: Language;
  onOpen: (notice: NoticeView) => void;
  onMarkRead: (notice: NoticeView) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  if (items.length === 0) return <Body1>{t('notices.empty')}</Body1>;
  return (
    <ul className={styles.list} data-testid="notices-list">
      {items.map((notice) => {
        const unread = !notice.readAt;
        return (
          <li
            key={notice.id}
            className={unread ? `${styles.item} ${styles.unreadItem}` : styles.item}
            data-testid="notice"
            data-unread={unread ? 'true' : 'false'}
          >
            <div className={styles.head}>
              <Text weight={unread ? 'semibold' : 'regular'} className={styles.title}>
                {notice.title[language]}
              </Text>
              {unread ? (
                <Badge appearance="filled" color="brand" size="small">
                  {t('notices.unread')}
                </Badge>
              ) : (
                <Caption1 className={styles.meta}>{t('notices.read')}</Caption1>
              )}
            </div>
            <Body1 className={styles.text}>{notice.text[language]}</Body1>
            <Caption1 className={styles.meta}>{formatDateTime(notice.createdAt)}</Caption1>
            <div className={styles.actions}>
              <Button
                appearance="primary"
                size="small"
                as="a"
                href={notice.path}
                onClick={(event) => {
                  // A plain click opens it here (the router); a modified click may open a new tab.
                  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
                  event.preventDefault();
                  onOpen(notice);
                }}
                aria-label={`${t('notices.open')}: ${notice.title[language]}`}
              >
                {t('notices.open')}
              </Button>
              {unread ? (
                <Button
                  size="small"
                  onClick={() => onMarkRead(notice)}
                  aria-label={`${t('notices.markRead')}: ${notice.title[language]}`}
                >
                  {t('notices.markRead')}
                </Button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
