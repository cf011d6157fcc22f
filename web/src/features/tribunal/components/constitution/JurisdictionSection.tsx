import { Body1, Button, Caption1, Field, Spinner, Textarea } from '@fluentui/react-components';
import type { JurisdictionView } from '@ratkaisu/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../ui/format-date';
import { getJurisdiction, recordJurisdiction } from '../../api/constitution';
import { tribunalKeys } from '../../api/query-keys';
import { type RunStep, useConstitutionStyles } from './constitution-look';

const NO_CLAUSES: JurisdictionView = { clauses: [] };

/**
 * The tribunal's view of its jurisdiction: the other arbitration clauses found in the documents and its recorded
 * decision, with the form to record one. The view is a query under the case's scope, so recording (which
 * refreshes the case) and the case's change token both fetch it again. A failed load shows no clauses.
 */
export function JurisdictionSection({ disputeId, busy, run }: { disputeId: string; busy: boolean; run: RunStep }) {
  const { t } = useTranslation();
  const styles = useConstitutionStyles();
  const [text, setText] = useState('');
  const { data, isError } = useQuery({
    queryKey: tribunalKeys.jurisdiction(disputeId),
    queryFn: ({ signal }) => getJurisdiction(disputeId, signal),
  });
  const view = data ?? (isError ? NO_CLAUSES : null);

  return (
    <section className={styles.section} aria-label={t('constitution.jurisdictionHeading')}>
      <Body1 as="h3" className={styles.text}>
        <strong>{t('constitution.jurisdictionHeading')}</strong>
      </Body1>
      {view === null ? (
        <Spinner size="tiny" label={t('constitution.loading')} />
      ) : view.clauses.length === 0 && !view.decision ? (
        <Body1 as="p" className={styles.text}>
          {t('constitution.jurisdictionNone')}
        </Body1>
      ) : (
        <>
          {view.clauses.length > 0 ? (
            <>
              <Body1 as="p" className={styles.text}>
                {t('constitution.jurisdictionFound')}
              </Body1>
              <ul className={styles.list}>
                {view.clauses.map((clause) => (
                  <li key={`${clause.fileName}-${clause.page}`}>
                    <Caption1>
                      {t('constitution.jurisdictionClause', {
                        file: clause.fileName,
                        page: clause.page,
                        excerpt: clause.excerpt,
                      })}
                    </Caption1>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {view.decision ? (
            <Body1 as="p" className={styles.text}>
              {t('constitution.jurisdictionDecision', {
                date: formatDate(view.decision.at),
                name: view.decision.name,
                text: view.decision.text,
              })}
            </Body1>
          ) : null}
          <Field label={t('constitution.jurisdictionText')}>
            <Textarea value={text} onChange={(_, data) => setText(data.value)} resize="vertical" />
          </Field>
          <div className={styles.actions}>
            <Button
              appearance="primary"
              disabled={busy || text.trim().length < 20}
              onClick={() =>
                void run(() => recordJurisdiction(disputeId, text.trim())).then((done) => done && setText(''))
              }
            >
              {t('constitution.recordJurisdiction')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
