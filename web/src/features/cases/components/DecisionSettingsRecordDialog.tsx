import {
  Body1,
  Caption1,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import type { DecisionSettingsRecord } from '@ratkaisu/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { formatDateTime } from '../../../ui/format-date';
import { Modal } from '../../../ui/Modal';
import { getDecisionSettingsRecord } from '../api/decision';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  pre: {
    margin: 0,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase200,
    maxHeight: '240px',
    overflowY: 'auto',
    padding: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    // A long prompt scrolls inside its box, so the box takes keyboard focus to scroll it (WCAG 2.1.1).
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  hash: { overflowWrap: 'anywhere', color: tokens.colorNeutralForeground3 },
});

/**
 * "View settings": the exact settings a decision was generated with (instructions, the seven chapter
 * prompts, temperature, top_p), who set them and when, as stored with the decision on the server.
 */
export function DecisionSettingsRecordDialog({
  disputeId,
  awardId,
  onClose,
}: {
  disputeId: string;
  /** The decision whose settings are shown; null when the dialog is closed. */
  awardId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [record, setRecord] = useState<DecisionSettingsRecord | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!awardId) return;
    const controller = new AbortController();
    setRecord(null);
    setError(null);
    getDecisionSettingsRecord(disputeId, awardId, controller.signal)
      .then(setRecord)
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(failure, t('tribunal.settingsLoadFailed')));
      });
    return () => controller.abort();
  }, [disputeId, awardId, t]);

  const sideLabel = (side: DecisionSettingsRecord['setBy']['side']) =>
    side === 'tribunal'
      ? t('tribunal.settingsSideTribunal')
      : side === 'claimant'
        ? t('tribunal.sideClaimant')
        : t('tribunal.sideRespondent');

  return (
    <Modal open={awardId !== null} onClose={onClose} size="wide" title={t('tribunal.settingsTitle')}>
      {error ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      ) : !record ? (
        <Spinner size="small" />
      ) : (
        <div className={styles.body} data-testid="settings-record">
          <Body1>
            {t('tribunal.settingsSetBy', {
              name: record.setBy.name,
              side: sideLabel(record.setBy.side),
              date: formatDateTime(record.setAt),
            })}
          </Body1>
          <Body1>{t('tribunal.settingsTemperature', { value: record.settings.temperature })}</Body1>
          <Body1>{t('tribunal.settingsTopP', { value: record.settings.top_p })}</Body1>
          <Subtitle2 as="h3" className={styles.heading}>
            {t('tribunal.settingsInstructions')}
          </Subtitle2>
          <pre className={styles.pre} tabIndex={0} role="region" aria-label={t('tribunal.settingsInstructions')}>
            {record.settings.instructions}
          </pre>
          {record.settings.chapterPrompts.map((prompt, index) => (
            <div key={index}>
              <Subtitle2 as="h3" className={styles.heading}>
                {t('tribunal.settingsPrompt', { number: index + 1 })}
              </Subtitle2>
              <pre
                className={styles.pre}
                tabIndex={0}
                role="region"
                aria-label={t('tribunal.settingsPrompt', { number: index + 1 })}
              >
                {prompt}
              </pre>
            </div>
          ))}
          <Caption1 className={styles.hash}>{t('tribunal.settingsHash', { hash: record.sha256 })}</Caption1>
        </div>
      )}
    </Modal>
  );
}
