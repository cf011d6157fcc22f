import { Button, makeStyles, MessageBar, MessageBarBody, Spinner, Subtitle2, tokens } from '@fluentui/react-components';
import { type ReactNode, useCallback, useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeading } from '../../../ui/PageHeading';
import { RouterLink } from '../../../ui/RouterLink';
import { sortCases } from '../case-lists';
import { CaseList } from '../components/CaseList';
import { FirstCaseGuide } from '../components/FirstCaseGuide';
import { type DashboardSection, useDisputeStore } from '../stores/dispute-store';
import { getDashboardChangeToken } from '../api/disputes';
import { useChangeWatch } from '../../../ui/live/use-change-watch';

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
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  heading: { margin: 0 },
  empty: { margin: 0, color: tokens.colorNeutralForeground3, padding: `${tokens.spacingVerticalS} 0` },
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
 * `/`: the caller's cases in In Progress and Resolved lists (docs/product.md section 2, Home dashboard); the cases in
 * progress come as "Your turn" first, then "Waiting for the other party", each row saying the caller's side.
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
  const inProgressHeadingId = useId();
  const more = (section: DashboardSection, shown: number) => ({
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

  // Live: a case that moved elsewhere (the other party sent, a decision landed) re-sorts the lists quietly.
  const fetchChangeToken = useCallback((signal: AbortSignal) => getDashboardChangeToken(signal), []);
  useChangeWatch(fetchChangeToken, () => loadDashboard(t('ErrorTryAgainText'), undefined, { quiet: true }));

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
          <section className={styles.group} aria-labelledby={inProgressHeadingId} data-testid="in-progress-cases">
            <Subtitle2 as="h2" id={inProgressHeadingId} className={styles.heading}>
              {t('cases.inProgressCases')}
            </Subtitle2>
            {lists.yourTurn.length + lists.waiting.length === 0 &&
            paging.yourTurn.continuation === undefined &&
            paging.waiting.continuation === undefined ? (
              <>
                <p className={styles.empty}>{t('cases.noCasesInProgress')}</p>
                {lists.resolved.length === 0 && paging.resolved.continuation === undefined ? <FirstCaseGuide /> : null}
              </>
            ) : (
              <>
                <CaseList
                  testId="your-turn-cases"
                  level={3}
                  title={t('turn.yourTurnCases')}
                  emptyText={t('turn.noYourTurnCases')}
                  cases={lists.yourTurn}
                  more={more('yourTurn', lists.yourTurn.length)}
                />
                <CaseList
                  testId="waiting-cases"
                  level={3}
                  title={t('turn.waitingCases')}
                  emptyText={t('turn.noWaitingCases')}
                  cases={lists.waiting}
                  more={more('waiting', lists.waiting.length)}
                />
              </>
            )}
          </section>
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
