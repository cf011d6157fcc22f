import {
  Body1,
  Button,
  Caption1,
  Link,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import type { AttachmentView, AwardView } from '@ratkaisu/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../ui/format-date';
import { Modal } from '../../../ui/Modal';
import { getDecisionRecord } from '../api/decision';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  text: { margin: 0 },
  hash: { overflowWrap: 'anywhere', color: tokens.colorNeutralForeground3 },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
});

export interface AcceptDecisionDialogProps {
  open: boolean;
  disputeId: string;
  /** The version to accept (the latest completed AI decision). */
  decision: AttachmentView;
  side: 'claimant' | 'respondent';
  busy: boolean;
  /** Downloads (opens) the version; the server records the first open, and the case is fetched again. */
  onOpenFile: () => void;
  onAccept: () => void;
  onCancel: () => void;
}

/**
 * Accepting one version of an AI decision: which file (version, name, SHA-256), the verification
 * summary (references checked, those flagged with their reasons, the AI-use statement) and what accepting
 * means. Accept stays disabled, with the reason beside it, until the party has opened this version; the
 * server refuses an unopened version anyway.
 */
export function AcceptDecisionDialog({
  open,
  disputeId,
  decision,
  side,
  busy,
  onOpenFile,
  onAccept,
  onCancel,
}: AcceptDecisionDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const reasonId = useId();
  const [record, setRecord] = useState<{ id: string; view?: AwardView; failed?: boolean } | null>(null);
  const opened = decision.receipts?.find((receipt) => receipt.side === side);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    getDecisionRecord(disputeId, decision.id, controller.signal)
      .then((view) => setRecord({ id: decision.id, view }))
      .catch(() => {
        if (!controller.signal.aborted) setRecord({ id: decision.id, failed: true });
      });
    return () => controller.abort();
  }, [open, disputeId, decision.id]);

  const current = record?.id === decision.id ? record : null;
  const view = current?.view;
  const version = decision.version ?? 0;
  const ready = opened !== undefined && view !== undefined;
  const cancel = () => {
    if (!busy) onCancel();
  };

  return (
    <Modal
      open={open}
      onClose={cancel}
      closeButton={false}
      size="wide"
      title={t('outcome.acceptTitle', { version })}
      actions={
        <>
          <Button
            appearance="primary"
            onClick={onAccept}
            disabled={!ready || busy}
            aria-describedby={opened ? undefined : reasonId}
            icon={busy ? <Spinner size="tiny" /> : undefined}
          >
            {t('outcome.acceptButton', { version })}
          </Button>
          <Button onClick={cancel} disabled={busy}>
            {t('modals.cancel')}
          </Button>
        </>
      }
    >
      <div className={styles.body} data-testid="accept-dialog">
        <div className={styles.section}>
          <Body1 as="p" className={styles.text}>
            {t('outcome.acceptFile', { fileName: decision.fileName })}
          </Body1>
          {decision.sha256 ? (
            <Caption1 className={styles.hash} data-testid="accept-sha256">
              {t('outcome.sha256', { sha256: decision.sha256 })}
            </Caption1>
          ) : null}
          {opened ? (
            <Caption1>
              {t('outcome.opened', { date: formatDateTime(opened.at) })}{' '}
              {/* To read it again before accepting (and a keyboard stop in the dialog's scrolling content). */}
              <Link as="button" onClick={onOpenFile}>
                {t('decision.download')}
              </Link>
            </Caption1>
          ) : (
            <MessageBar intent="warning" id={reasonId} data-testid="accept-open-first">
              <MessageBarBody>
                {t('outcome.mustOpenFirst')}{' '}
                <Link as="button" onClick={onOpenFile}>
                  {t('decision.download')}
                </Link>
              </MessageBarBody>
            </MessageBar>
          )}
        </div>

        <section className={styles.section} aria-label={t('outcome.verificationHeading')}>
          <Subtitle2 as="h3" className={styles.heading}>
            {t('outcome.verificationHeading')}
          </Subtitle2>
          {!current ? <Spinner size="tiny" labelPosition="after" label={t('outcome.loadingSummary')} /> : null}
          {current?.failed ? (
            <MessageBar intent="error">
              <MessageBarBody>{t('outcome.summaryFailed')}</MessageBarBody>
            </MessageBar>
          ) : null}
          {view ? (
            <>
              <Body1 as="p" className={styles.text}>
                {t('outcome.referencesChecked', { count: view.checkedReferences })}
              </Body1>
              {view.flagged.length === 0 ? (
                <Body1 as="p" className={styles.text}>
                  {t('outcome.referencesAllVerified')}
                </Body1>
              ) : (
                <>
                  <Body1 as="p" className={styles.text}>
                    {t('outcome.referencesFlagged', { count: view.flagged.length })}
                  </Body1>
                  <ul className={styles.list} data-testid="accept-flagged">
                    {view.flagged.map((flag) => (
                      <li key={`${flag.chapter}-${flag.index}`}>
                        <Body1>
                          {t('outcome.flaggedItem', {
                            chapter: flag.chapter,
                            reference: flag.reference,
                            reason: flag.reason,
                          })}
                        </Body1>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </>
          ) : null}
        </section>

        {view ? (
          <section className={styles.section} aria-label={t('outcome.aiUseHeading')}>
            <Subtitle2 as="h3" className={styles.heading}>
              {t('outcome.aiUseHeading')}
            </Subtitle2>
            <Body1 as="p" className={styles.text} data-testid="accept-ai-use">
              {t('outcome.aiUseStatement', {
                name: view.settings.setBy.name,
                date: formatDateTime(view.settings.setAt),
                temperature: view.settings.settings.temperature,
                top_p: view.settings.settings.top_p,
              })}
            </Body1>
          </section>
        ) : null}

        <section className={styles.section} aria-label={t('outcome.meaningHeading')}>
          <Subtitle2 as="h3" className={styles.heading}>
            {t('outcome.meaningHeading')}
          </Subtitle2>
          <ul className={styles.list}>
            <li>
              <Body1>{t('outcome.meaningBinding')}</Body1>
            </li>
            <li>
              <Body1>{t('outcome.meaningFinal')}</Body1>
            </li>
            <li>
              <Body1>{t('outcome.meaningLapse')}</Body1>
            </li>
          </ul>
        </section>
      </div>
    </Modal>
  );
}
