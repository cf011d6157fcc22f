import {
  Body1,
  Caption1,
  Card,
  Link,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import type { AttachmentView, PhaseView } from '@ratkaisu/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { downloadAttachment } from '../api/case';

const useStyles = makeStyles({
  card: { padding: tokens.spacingVerticalL, gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  text: { margin: 0 },
  spinner: { justifyContent: 'flex-start' },
  download: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXXS },
  fileName: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
});

function time(value: string | Date): number {
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? 0 : ms;
}

/** The decision: the Resolution phase's newest file. */
export function latestDecision(resolution: PhaseView): AttachmentView | undefined {
  return [...resolution.attachments].sort((a, b) => time(b.dateCreated) - time(a.dateCreated))[0];
}

/**
 * The decision card, shown once a Resolution phase exists (SPEC.md section 4, Decision): not created
 * yet, generating, the finished PDF to download, or why generation failed. Creating and stopping a
 * decision come with the decision feature.
 */
export function DecisionCard({ disputeId, resolution }: { disputeId: string; resolution: PhaseView }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const headingId = useId();
  const [error, setError] = useState<string | null>(null);
  const decision = latestDecision(resolution);

  const download = (file: AttachmentView) => {
    setError(null);
    downloadAttachment(disputeId, resolution.id, file).catch((failure: unknown) =>
      setError(errorMessage(failure, t('cases.downloadFailed'))),
    );
  };

  let body;
  if (!decision) {
    body = (
      <Body1 as="p" className={styles.text}>
        {t('waitingDecision')}
      </Body1>
    );
  } else if (decision.status === 'Generating') {
    body = <Spinner className={styles.spinner} size="tiny" labelPosition="after" label={t('decision.generating')} />;
  } else if (decision.status === 'Failed') {
    body = (
      <MessageBar intent="error">
        <MessageBarBody>{decision.errorMessage || t('decision.failed')}</MessageBarBody>
      </MessageBar>
    );
  } else {
    body = (
      <div className={styles.download}>
        <Link as="button" onClick={() => download(decision)}>
          {t('decision.download')}
        </Link>
        <Caption1 className={styles.fileName}>{decision.fileName}</Caption1>
      </div>
    );
  }

  return (
    <Card className={styles.card} role="region" aria-labelledby={headingId} data-testid="decision-card">
      <Subtitle2 as="h2" id={headingId} className={styles.heading}>
        {t('cases.decisionHeading')}
      </Subtitle2>
      {body}
      {error ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      ) : null}
    </Card>
  );
}
