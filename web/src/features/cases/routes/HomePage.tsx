import { Button, makeStyles, MessageBar, MessageBarBody, Spinner, tokens } from '@fluentui/react-components';
import type { DisputeListSection } from '@ratkaisu/core';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeading } from '../../../ui/PageHeading';
import { RouterLink } from '../../../ui/RouterLink';
import { sortCases } from '../case-lists';
import { CaseList } from '../components/CaseList';
import { useDisputeStore } from '../stores/dispute-store';

const useStyles = makeStyles({
  page: {
    maxWidth: '1040px',
    width: '100%',
    margin: '0 auto',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXL,
  },
  top: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalL,
  },
  topActions: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
  },
});

/**
 * `/`: the caller's cases in In Progress and Resolved lists (SPEC.md section 2, Home dashboard).
 * `extraSections` are other features' sections composed by the app (Cases as arbitrator).
 */
export default function HomePage({ extraSections }: { extraSections?: ReactNode } = {}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const disputes = useDisputeStore((state) => state.disputes);
  const deadlines = useDisputeStore((state) => state.deadlines);
  // Until the first load has answered, the spinner: not a flash of empty lists.
  const loading = useDisputeStore((state) => state.loading || !state.loaded);
  const error = useDisputeStore((state) => state.error);
  const loadDashboard = useDisputeStore((state) => state.loadDashboard);
  const paging = useDisputeStore((state) => state.paging);
  const loadMore = useDisputeStore((state) => state.loadMore);
  const more = (section: DisputeListSection, shown: number) => ({
    shown,
    total: paging[section].total,
    hasMore: paging[section].continuation !== undefined,
    loading: paging[section].loadingMore,
    onMore: () => void loadMore(section, t('ErrorTryAgainText')),
  });

  useEffect(() => {
    const controller = new AbortController();
    void loadDashboard(t('ErrorTryAgainText'), controller.signal);
    return () => controller.abort();
  }, [loadDashboard, t]);

  const lists = useMemo(() => sortCases(disputes, deadlines), [disputes, deadlines]);

  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <PageHeading>{t('home')}</PageHeading>
        <div className={styles.topActions}>
          <RouterLink to="/generate-decision">{t('anonymousDecision.linkAction')}</RouterLink>
          <Button appearance="primary" onClick={() => void navigate('/new-dispute-form')}>
            {t('cases.createNewCase')}
          </Button>
        </div>
      </div>
      {error ? (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      ) : null}
      {extraSections}
      {loading ? (
        <Spinner label={t('cases.loadingCases')} />
      ) : (
        <>
          <CaseList
            testId="in-progress-cases"
            title={t('cases.inProgressCases')}
            emptyText={t('cases.noCasesInProgress')}
            cases={lists.inProgress}
            more={more('inProgress', lists.inProgress.length)}
          />
          <CaseList
            testId="resolved-cases"
            title={t('cases.resolvedCases')}
            emptyText={t('cases.noResolvedCases')}
            cases={lists.resolved}
            more={more('resolved', lists.resolved.length)}
            resolved
          />
        </>
      )}
    </div>
  );
}
