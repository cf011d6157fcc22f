import {
  Badge,
  Caption1,
  Card,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Subtitle2,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { errorMessage } from '../../../api/error-message';
import { useAuthStore } from '../../../stores/auth-store';
import { formatDate } from '../../../ui/format-date';
import { RouterLink } from '../../../ui/RouterLink';
import { useCaseListStyles } from '../../../ui/case-list-styles';
import { listArbitratorCases, type ArbitratorCase } from '../api/tribunal';
import { ROLE_KEY, TRIBUNAL_STATUS_KEY } from './TribunalPanel';

const useStyles = makeStyles({
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/** The dashboard's "Cases as arbitrator": the cases the caller sits on, shown only when there are any. */
export function ArbitratorCasesSection() {
  const { t } = useTranslation();
  const styles = { ...useCaseListStyles(), ...useStyles() };
  const headingId = useId();
  const myId = useAuthStore((state) => state.id);
  const [cases, setCases] = useState<ArbitratorCase[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    listArbitratorCases(controller.signal)
      .then(setCases)
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        // A server without the tribunal (404) simply has no such cases.
        if (failure instanceof ApiError && (failure.status === 404 || failure.status === 403)) return;
        setError(errorMessage(failure, t('tribunal.arbitratorCasesFailed')));
      });
    return () => controller.abort();
  }, [t]);

  if (cases.length === 0 && !error) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid="arbitrator-cases">
      <Subtitle2 as="h2" id={headingId} className={styles.heading}>
        {t('tribunal.casesAsArbitrator')}
      </Subtitle2>
      {error ? (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      ) : null}
      <ul className={styles.list}>
        {cases.map((entry) => {
          const me = entry.tribunal.members.find((member) => member.userId === myId);
          return (
            <li key={entry.id}>
              <Card className={styles.card}>
                <div className={styles.main}>
                  <RouterLink to={`/case-attachment/${encodeURIComponent(entry.id)}`} className={styles.name}>
                    {entry.name}
                  </RouterLink>
                  <Caption1 className={styles.meta}>
                    {[entry.caseNumber, formatDate(entry.dateCreated)].filter(Boolean).join(' · ')}
                  </Caption1>
                </div>
                <div className={styles.badges}>
                  {me ? <Badge appearance="outline">{t(ROLE_KEY[me.role])}</Badge> : null}
                  <Badge appearance="tint" color={entry.tribunal.status === 'Constituted' ? 'success' : 'warning'}>
                    {t(TRIBUNAL_STATUS_KEY[entry.tribunal.status])}
                  </Badge>
                  <Text>{t(`phases.${entry.activePhaseType}`)}</Text>
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
