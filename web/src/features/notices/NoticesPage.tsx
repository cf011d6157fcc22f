import type { NoticeList, NoticeView } from '@ratkaisu/core';
import { Body1, Button, makeStyles, MessageBar, MessageBarBody, Spinner, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../../i18n/i18n';
import { useUnreadStore } from './unread-store';
import { PageHeading } from '../../ui/PageHeading';
import { getNotices, markNoticesRead } from './api/notices';
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
  const version = useUnreadStore((state) => state.version);
  const setUnread = useUnreadStore((state) => state.setUnread);
  const [list, setList] = useState<NoticeList | undefined>();
  const [failed, setFailed] = useState(false);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const answer = await getNotices(signal);
        if (signal?.aborted) return;
        setList(answer);
        setFailed(false);
        setUnread(answer.unread);
      } catch {
        if (!signal?.aborted) setFailed(true);
      }
    },
    [setUnread],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [version, load]);

  const mark = async (which: { ids: string[] } | { all: true }) => {
    const now = new Date().toISOString();
    const ids = 'ids' in which ? new Set(which.ids) : undefined;
    // Shown read at once; the server's count follows.
    setList(
      (current) =>
        current && {
          ...current,
          items: current.items.map((item) =>
            !item.readAt && (!ids || ids.has(item.id)) ? { ...item, readAt: now } : item,
          ),
        },
    );
    try {
      setUnread((await markNoticesRead(which)).unread);
    } catch {
      await load();
    }
  };

  const openNotice = (notice: NoticeView) => {
    if (!notice.readAt) void mark({ ids: [notice.id] });
    void navigate(notice.path);
  };

  const unread = list?.items.some((item) => !item.readAt) ?? false;
  return (
    <section className={styles.page}>
      <div className={styles.head}>
        <PageHeading>{t('notices.title')}</PageHeading>
        {unread ? (
          <Button appearance="primary" onClick={() => void mark({ all: true })}>
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
          onMarkRead={(notice) => void mark({ ids: [notice.id] })}
        />
      ) : failed ? null : (
        <Spinner size="small" />
      )}
    </section>
  );
}
