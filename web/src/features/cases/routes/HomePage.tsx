import { Button, makeStyles, MessageBar, MessageBarBody, Spinner, Subtitle2, tokens } from '@fluentui/react-components';
import { type ReactNode, useCallback, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../api/error-message';
import { PageHeading } from '../../../ui/PageHeading';
import { RouterLink } from '../../../ui/RouterLink';
import { sortCases } from '../case-lists';
import { CaseList } from '../components/CaseList';
import { FirstCaseGuide } from '../components/FirstCaseGuide';
import { type DashboardSection, useDashboard } from '../use-dashboard';
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
 * `extraSections` are other features' sections composed by the app (Cases as arbitrator). The lists come through the
 * query cache (use-dashboard.ts); an error's text is made at render time, in the user's language.
 */
export default function HomePage({ extraSections }: { extraSections?: ReactNode } = {}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  // Until the first answers are in, the spinner: not a flash of empty lists.
  const { disputes, deadlines, loading, error: failure, paging, refresh } = useDashboard();
  const error = failure ? errorMessage(failure, t('ErrorTryAgainText')) : null;
  const inProgressHeadingId = useId();
  const more = (section: DashboardSection, shown: number) => {
    const { total, hasMore, loadingMore, loadMore } = paging(section);
    return { shown, total, hasMore, loading: loadingMore, onMore: loadMore };
  };

  // Live: a case that moved elsewhere (the other party sent, a decision landed) re-sorts the lists quietly.
  const fetchChangeToken = useCallback((signal: AbortSignal) => getDashboardChangeToken(signal), []);
  useChangeWatch(fetchChangeToken, refresh);

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
            !paging('yourTurn').hasMore &&
            !paging('waiting').hasMore ? (
              <>
                <p className={styles.empty}>{t('cases.noCasesInProgress')}</p>
                {lists.resolved.length === 0 && !paging('resolved').hasMore ? <FirstCaseGuide /> : null}
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
