import {
  Badge,
  Body1,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  tokens,
} from '@fluentui/react-components';
import type { CaseRetentionView } from '@ratkaisu/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../ui/format-date';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  badge: { alignSelf: 'flex-start' },
});

/**
 * A finished case's retention (docs/data-lifecycle.md): the day its documents are deleted, so the parties can
 * keep copies, or the legal hold that keeps them. Where the retention notice links (`#retention`).
 */
export function CaseRetentionCard({ retention }: { retention: CaseRetentionView }) {
  const { t } = useTranslation();
  const styles = useStyles();
  if (!retention.legalHold && !retention.deleteAfter) return null;
  return (
    <MessageBar intent={retention.legalHold ? 'info' : 'warning'} layout="multiline" data-testid="case-retention">
      <MessageBarBody className={styles.body}>
        <MessageBarTitle>{t('retention.caseCardTitle')}</MessageBarTitle>
        {retention.legalHold ? (
          <>
            <Badge className={styles.badge} appearance="filled" color="informative">
              {t('retention.hold')}
            </Badge>
            <Body1>{t('retention.caseHeld', { reason: retention.legalHold.reason })}</Body1>
          </>
        ) : (
          <Body1>{t('retention.caseDeleteAfter', { date: formatDate(retention.deleteAfter!) })}</Body1>
        )}
      </MessageBarBody>
    </MessageBar>
  );
}
