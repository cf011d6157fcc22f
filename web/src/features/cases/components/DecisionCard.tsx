import {
  Body1,
  Button,
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
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { errorMessage } from '../../../api/error-message';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { formatDateTime } from '../../../ui/format-date';
import { downloadAttachment } from '../api/case';
import { generateDecision, stopDecisionGeneration } from '../api/decision';
import { loadDecisionSettings } from '../../../stores/decision-settings';
import { DecisionSettingsModal } from './DecisionSettingsModal';

const useStyles = makeStyles({
  card: { padding: tokens.spacingVerticalL, gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  text: { margin: 0 },
  spinner: { justifyContent: 'flex-start' },
  download: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXXS },
  fileName: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, paddingTop: tokens.spacingVerticalS },
  earlier: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
  earlierItem: { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: tokens.spacingHorizontalS },
});

function time(value: string | Date): number {
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? 0 : ms;
}

/** The decision: the Resolution phase's newest file. */
export function latestDecision(resolution: PhaseView): AttachmentView | undefined {
  return [...resolution.attachments].sort((a, b) => time(b.dateCreated) - time(a.dateCreated))[0];
}

type Busy = 'starting' | 'stopping' | null;

export interface DecisionCardProps {
  disputeId: string;
  resolution: PhaseView;
  /** Fetches the case again (quietly); rejects when that fails. */
  onChanged: () => Promise<void>;
}

/**
 * The decision card, shown once a Resolution phase exists (SPEC.md sections 2 and 4, Decision): not
 * created yet, generating, the finished PDF to download, or why generation failed; Create decision with
 * the stored settings, Settings, and Stop Generating while a generation runs. After starting or
 * stopping, the case is fetched at once rather than at the page's next 30 s poll.
 *
 * SPEC.md says the case page ignores generation errors silently. Here a refused start or stop is shown
 * (the server's sentence: already generating, not in Resolution, invalid settings; otherwise a generic
 * text), because a button that does nothing visible leaves the user clicking again. A 409 also
 * fetches the case, since it means the case changed meanwhile (e.g. the other party started one).
 */
export function DecisionCard({ disputeId, resolution, onChanged }: DecisionCardProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const headingId = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [confirming, setConfirming] = useState<'stop' | 'replace' | null>(null);
  const decision = latestDecision(resolution);
  const generating = decision?.status === 'Generating';
  // Earlier finished decisions stay downloadable: a new decision must not make an older award unreachable.
  const earlier = resolution.attachments
    .filter((file) => file.id !== decision?.id && file.status === 'Completed')
    .sort((a, b) => time(b.dateCreated) - time(a.dateCreated));

  // A poll that finds the generation over ends the question: there is nothing left to stop.
  useEffect(() => {
    if (!generating && busy !== 'stopping') setConfirming((current) => (current === 'stop' ? null : current));
  }, [generating, busy]);

  const refresh = () => onChanged().catch(() => setError(t('cases.refreshFailed')));

  const download = (file: AttachmentView) => {
    setError(null);
    downloadAttachment(disputeId, resolution.id, file).catch((failure: unknown) =>
      setError(errorMessage(failure, t('cases.downloadFailed'))),
    );
  };

  // Busy until the case has been fetched again, so Create decision cannot be pressed twice in the gap
  // between the server's answer and the card showing the generation.
  const run = async (kind: Exclude<Busy, null>, call: () => Promise<unknown>, fallback: string) => {
    if (busy) return;
    setBusy(kind);
    setError(null);
    try {
      await call();
      await refresh();
    } catch (failure) {
      setError(errorMessage(failure, fallback));
      if (failure instanceof ApiError && failure.status === 409) await onChanged().catch(() => undefined);
    } finally {
      setBusy(null);
      setConfirming(null);
    }
  };

  const create = () =>
    void run('starting', () => generateDecision(disputeId, loadDecisionSettings()), t('decision.startFailed'));
  // The card shows only the newest decision, so a new one hides a finished PDF: that is asked first.
  const onCreate = () => (decision?.status === 'Completed' ? setConfirming('replace') : create());
  const stop = () => void run('stopping', () => stopDecisionGeneration(disputeId), t('decision.stopFailed'));

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
      <div aria-live="polite">{body}</div>
      {earlier.length > 0 ? (
        <details>
          <summary>
            <Caption1>{t('decision.earlier', { count: earlier.length })}</Caption1>
          </summary>
          <ul className={styles.earlier}>
            {earlier.map((file) => (
              <li key={file.id} className={styles.earlierItem}>
                <Link as="button" onClick={() => download(file)}>
                  {file.fileName}
                </Link>
                <Caption1 className={styles.fileName}>{formatDateTime(file.dateCreated)}</Caption1>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {error ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.actions}>
        <Button
          appearance="primary"
          disabled={generating || busy !== null}
          icon={busy === 'starting' ? <Spinner size="tiny" /> : undefined}
          onClick={onCreate}
        >
          {t('decision.createDecision')}
        </Button>
        <Button onClick={() => setSettingsOpen(true)}>{t('decision.settings')}</Button>
        {generating ? (
          <Button disabled={busy !== null} onClick={() => setConfirming('stop')}>
            {t('decision.stopGenerating')}
          </Button>
        ) : null}
      </div>
      <DecisionSettingsModal open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      <ConfirmDialog
        open={confirming === 'stop'}
        title={t('decision.stopGenerating')}
        message={t('decision.stopConfirmMessage')}
        confirmLabel={t('decision.stopConfirm')}
        busy={busy === 'stopping'}
        onConfirm={stop}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'replace'}
        title={t('decision.createDecision')}
        message={t('decision.replaceConfirmMessage')}
        confirmLabel={t('decision.createDecision')}
        busy={busy === 'starting'}
        onConfirm={create}
        onCancel={() => setConfirming(null)}
      />
    </Card>
  );
}
