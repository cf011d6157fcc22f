import { Body1, Caption1, Card, makeStyles, Subtitle2, TableCell, TableRow, tokens } from '@fluentui/react-components';
import type { EvaluationView } from '@ratkaisu/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { DataTable } from '../../../ui/DataTable';
import { formatDateTime } from '../../../ui/format-date';
import { FormMessage } from '../../../ui/FormMessage';
import { getEvaluations, type ServerDate } from '../api/admin-api';
import { adminKeys } from '../api/query-keys';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingVerticalM },
  heading: { margin: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  table: { width: 'auto', minWidth: '100%' },
  failed: { color: tokens.colorPaletteRedForeground1 },
});

const COLUMNS = [
  'evaluationDeployment',
  'evaluationPrompt',
  'evaluationRun',
  'evaluationCases',
  'evaluationResult',
  'evaluationCitations',
  'evaluationAmounts',
  'evaluationInstruction',
] as const;

/** The metrics shown beside the verdict: the checker's, the decision's and the trap an attacker would set. */
const SHOWN_METRICS = ['citationPrecision', 'amountAccuracy', 'trapHiddenInstruction'] as const;

/**
 * The last evaluation scorecard of each model deployment and prompt version (GET /api/superadmin/evaluations;
 * `npm run eval -- --publish`, docs/eval.md), for a SuperAdmin: whether it passed its thresholds and three of
 * its metrics. The full scorecard is the run's scorecard.html.
 */
export function EvaluationsCard() {
  const { t } = useTranslation();
  const styles = useStyles();
  const query = useQuery({ queryKey: adminKeys.evaluations, queryFn: ({ signal }) => getEvaluations(signal) });
  const view = query.data ?? null;
  const error = query.isError ? t('aiOversight.evaluationsFailed') : null;

  const percent = (evaluation: EvaluationView, name: string) => {
    const mean = evaluation.metrics.find((metric) => metric.name === name)?.mean;
    return mean === null || mean === undefined
      ? '—'
      : mean.toLocaleString(currentLanguage(), { style: 'percent', maximumFractionDigits: 1 });
  };

  return (
    <Card className={styles.section} role="region" aria-labelledby="ai-oversight-evaluations" data-testid="evaluations">
      <Subtitle2 as="h2" id="ai-oversight-evaluations" className={styles.heading}>
        {t('aiOversight.evaluations')}
      </Subtitle2>
      <Caption1 className={styles.muted}>{t('aiOversight.evaluationsHint')}</Caption1>
      <FormMessage intent="error" message={error} />
      {view && view.evaluations.length === 0 ? <Body1>{t('aiOversight.evaluationsNone')}</Body1> : null}
      {view && view.evaluations.length > 0 ? (
        <DataTable
          aria-labelledby="ai-oversight-evaluations"
          size="small"
          className={styles.table}
          columns={COLUMNS.map((column) => t(`aiOversight.${column}`))}
        >
          {view.evaluations.map((evaluation) => (
            <TableRow key={`${evaluation.deployment} ${evaluation.promptVersion}`} data-testid="evaluation-row">
              <TableCell>{evaluation.deployment}</TableCell>
              <TableCell>{evaluation.promptVersion}</TableCell>
              <TableCell>{formatDateTime(evaluation.startedAt as ServerDate)}</TableCell>
              <TableCell>{evaluation.cases}</TableCell>
              <TableCell className={evaluation.failed.length > 0 ? styles.failed : undefined}>
                {evaluation.failed.length === 0
                  ? t('aiOversight.evaluationPassed')
                  : t('aiOversight.evaluationBelow', { metrics: evaluation.failed.join(', ') })}
              </TableCell>
              {SHOWN_METRICS.map((name) => (
                <TableCell key={name}>{percent(evaluation, name)}</TableCell>
              ))}
            </TableRow>
          ))}
        </DataTable>
      ) : null}
    </Card>
  );
}
