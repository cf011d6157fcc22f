import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { OUTCOME_MESSAGES, type AttachmentView, type DisputeView, type PhaseView } from '@ratkaisu/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../ui/format-date';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  muted: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  lapsed: { color: tokens.colorPaletteDarkOrangeForeground1 },
});

function seatName(seat: 'claimant' | 'respondent' | 'tribunal', t: TFunction): string {
  if (seat === 'claimant') return t('outcome.seatClaimant');
  if (seat === 'respondent') return t('outcome.seatRespondent');
  return t('outcome.seatTribunal');
}

/** The server records the reason in English (core OUTCOME_MESSAGES); the card says the known ones in the UI's language. */
function lapseReason(reason: string, t: TFunction): string {
  if (reason === OUTCOME_MESSAGES.lapsedByRegeneration('claimant')) return t('outcome.lapsedByClaimant');
  if (reason === OUTCOME_MESSAGES.lapsedByRegeneration('respondent')) return t('outcome.lapsedByRespondent');
  return reason;
}

/**
 * One decision version's facts on the decision card: its number, who asked for it and when, the SHA-256 of
 * its PDF, and any acceptance of it that lapsed because a new version was asked for (with time and reason).
 */
export function DecisionVersionFacts({ file }: { file: AttachmentView }) {
  const { t } = useTranslation();
  const styles = useStyles();
  if (file.version === undefined) return null;
  return (
    <div className={styles.root} data-testid="decision-version">
      <Caption1>
        {file.generatedBy
          ? t('outcome.versionBy', {
              version: file.version,
              name: file.generatedBy.name,
              seat: seatName(file.generatedBy.seat, t),
              date: formatDateTime(file.dateCreated),
            })
          : t('outcome.version', { version: file.version })}
      </Caption1>
      {file.sha256 ? (
        <Caption1 className={styles.muted}>{t('outcome.sha256', { sha256: file.sha256 })}</Caption1>
      ) : null}
      {(file.lapsedAcceptances ?? []).map((entry) => (
        <Caption1 key={`${entry.side}-${entry.lapsedAt}`} className={styles.lapsed} data-testid="decision-lapsed">
          {t('outcome.lapsed', {
            side: seatName(entry.side, t),
            date: formatDateTime(entry.at),
            lapsedAt: formatDateTime(entry.lapsedAt),
            reason: lapseReason(entry.reason, t),
          })}
        </Caption1>
      ))}
    </div>
  );
}

/**
 * What Create decision must say before it lapses an acceptance that stands: the other party's
 * acceptance of the latest version lapses and they are mailed; the caller's own lapses too.
 */
export function regenerationLapseWarning(resolution: PhaseView, side: DisputeView['side'], t: TFunction): string[] {
  if (side === 'tribunal') return [];
  const standing = resolution.attachments.filter(
    (file) => file.decisionKind === 'aiDecision' && (file.acceptances?.length ?? 0) > 0,
  );
  return standing.flatMap((file) =>
    (file.acceptances ?? []).map((entry) =>
      entry.side === side
        ? t('outcome.regenerateOwnLapse', { version: file.version ?? '' })
        : t('outcome.regenerateLapseWarning', { side: seatName(entry.side, t), version: file.version ?? '' }),
    ),
  );
}
