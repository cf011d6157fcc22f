import {
  Body1,
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ReportAiProblem } from '../../../ui/ReportAiProblem';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  notes: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
});

/** The success panel (docs/product.md section 2): Download Decision PDF and Start New Decision, with the run's notes. */
export function DecisionReady({
  details,
  error,
  onDownload,
  onStartNew,
  jobId,
}: {
  details: readonly string[];
  error: string | null;
  onDownload: () => void;
  onStartNew: () => void;
  /** The job whose proposal this is: a problem report names it. */
  jobId?: string | null;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.box} data-testid="anonymous-success">
      <MessageBar intent="success">
        <MessageBarBody>
          <MessageBarTitle>{t('anonymousDecision.successTitle')}</MessageBarTitle>
          {t('anonymousDecision.successText')}
        </MessageBarBody>
      </MessageBar>
      {details.length > 0 ? (
        <section aria-labelledby="anonymous-notes-heading">
          <Text as="h2" id="anonymous-notes-heading" weight="semibold">
            {t('anonymousDecision.notesTitle')}
          </Text>
          <ul className={styles.notes} data-testid="anonymous-notes">
            {details.map((detail) => (
              <li key={detail}>
                <Body1>{detail}</Body1>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {error ? (
        <MessageBar intent="error" role="alert" data-testid="anonymous-download-error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.actions}>
        <Button appearance="primary" onClick={onDownload}>
          {t('anonymousDecision.downloadDecisionPdf')}
        </Button>
        <Button onClick={onStartNew}>{t('anonymousDecision.startNewDecision')}</Button>
        {jobId ? <ReportAiProblem target={{ jobId, output: 'anonymousDecision' }} /> : null}
      </div>
    </div>
  );
}
