import type { NoticeList, NoticeView } from '@ratkaisu/core';
import { Body1, Button, makeStyles, MessageBar, MessageBarBody, Spinner, tokens } from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../../i18n/i18n';
import { useUnreadStore } from './unread-store';
import { PageHeading } from '../../ui/PageHeading';
import { getNotices, markNoticesRead } from './api/notices';
import { noticeKeys } from './api/query-keys';
import { NoticesList } from './NoticesList';

const useStyles = makeStyles({
  page: {
    maxWidth: '760px',
    width: '100%',
    margin: '0 auto',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  head: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  intro: { margin: 0, color: tokens.colorNeutralForeground2 },
});

/**
 * `/notices`, opened from the account menu: the notices newest first, unread and read; loads again
 * when the menu's polled unread count changes; marks read one or all; opening a notice marks it read and goes
 * to its place.
 */
export default function NoticesPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const setUnread = useUnreadStore((state) => state.setUnread);
  const client = useQueryClient();
  // Fetched again when the menu's unread count changes (use-unread-notices.ts invalidates the key).
  const query = useQuery({
    queryKey: noticeKeys.list,
    queryFn: async ({ signal }) => {
      const answer = await getNotices(signal);
      setUnread(answer.unread);
      return answer;
    },
  });
  const list = query.data;
  const failed = query.isError;

  const markRead = useMutation({
    mutationFn: markNoticesRead,
    // Shown read at once; the server's count follows.
    onMutate: (which) => {
      const now = new Date().toISOString();
      const ids = 'ids' in which ? new Set(which.ids) : undefined;
      client.setQueryData<NoticeList>(
        noticeKeys.list,
        (current) =>
          current && {
            ...current,
            items: current.items.map((item) =>
              !item.readAt && (!ids || ids.has(item.id)) ? { ...item, readAt: now } : item,
            ),
          },
      );
    },
    onSuccess: ({ unread }) => setUnread(unread),
    // What the server holds is shown again.
    onError: () => client.invalidateQueries({ queryKey: noticeKeys.list }),
  });
  const mark = (which: { ids: string[] } | { all: true }) => markRead.mutate(which);

  const openNotice = (notice: NoticeView) => {
    if (!notice.readAt) mark({ ids: [notice.id] });
    void navigate(notice.path);
  };

  const unread = list?.items.some((item) => !item.readAt) ?? false;
  return (
    <section className={styles.page}>
      <div className={styles.head}>
        <PageHeading>{t('notices.title')}</PageHeading>
        {unread ? (
          <Button appearance="primary" onClick={() => mark({ all: true })}>
            {t('notices.markAllRead')}
          </Button>
        ) : null}
      </div>
      <Body1 as="p" className={styles.intro}>
        {t('notices.intro')}
      </Body1>
      {failed ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{t('notices.loadFailed')}</MessageBarBody>
        </MessageBar>
      ) : null}
      {list ? (
        <NoticesList
          items={list.items}
          language={currentLanguage()}
          onOpen={openNotice}
          onMarkRead={(notice) => mark({ ids: [notice.id] })}
        />
      ) : failed ? null : (
        <Spinner size="small" />
      )}
    </section>
  );
}
