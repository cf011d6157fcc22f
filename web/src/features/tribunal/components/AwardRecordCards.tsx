import { Body1, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import type { AwardView } from '@ratkaisu/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../ui/format-date';
import { SectionCard } from '../../../ui/SectionCard';

/** The review screen's read-only cards: signatures, flagged references, injections, settings used, versions. */
export const useRecordCardStyles = makeStyles({
  list: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
  text: { margin: 0, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  pre: {
    margin: `${tokens.spacingVerticalXS} 0`,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase200,
  },
});

export function SignaturesCard({ award }: { award: AwardView }) {
  const { t } = useTranslation();
  const styles = useRecordCardStyles();
  return (
    <SectionCard
      heading={t('tribunal.signatures', { count: award.signatures.length, required: award.requiredSignatures })}
      data-testid="signatures"
    >
      {award.adoptedAt ? (
        <Caption1 className={styles.muted}>
          {t('tribunal.adoptedOn', { date: formatDateTime(award.adoptedAt) })}
        </Caption1>
      ) : null}
      {award.issuedAt ? (
        <Caption1 className={styles.muted}>{t('tribunal.issuedOn', { date: formatDateTime(award.issuedAt) })}</Caption1>
      ) : null}
      {award.signatures.length === 0 ? (
        <Body1 className={styles.muted}>{t('tribunal.signaturesNone')}</Body1>
      ) : (
        <ul className={styles.list}>
          {award.signatures.map((signature) => (
            <li key={signature.userId}>
              <Body1>
                {t('tribunal.signatureItem', {
                  name: signature.name,
                  title: signature.title,
                  date: formatDateTime(signature.signedAt),
                })}
              </Body1>
            </li>
          ))}
        </ul>
      )}
      {award.notSigning.map((entry) => (
        <Body1 key={entry.userId}>{t('tribunal.notSigningItem', { name: entry.name, reason: entry.reason })}</Body1>
      ))}
      {award.pdfSha256 ? (
        <Caption1 className={styles.muted}>{t('tribunal.pdfHash', { hash: award.pdfSha256 })}</Caption1>
      ) : null}
    </SectionCard>
  );
}

export function FlaggedCard({ award }: { award: AwardView }) {
  const { t } = useTranslation();
  const styles = useRecordCardStyles();
  return (
    <SectionCard
      heading={
        award.flagged.length > 0
          ? t('tribunal.flaggedHeading', { count: award.flagged.length, checked: award.checkedReferences })
          : t('tribunal.flaggedNone', { checked: award.checkedReferences })
      }
    >
      {award.flagged.length > 0 ? (
        <ul className={styles.list} data-testid="flagged-list">
          {award.flagged.map((flag, index) => (
            <li key={index}>
              <Body1>
                {t('tribunal.flaggedItem', { chapter: flag.chapter, reference: flag.reference, reason: flag.reason })}
              </Body1>
            </li>
          ))}
        </ul>
      ) : null}
    </SectionCard>
  );
}

export function InjectionsCard({ award }: { award: AwardView }) {
  const { t } = useTranslation();
  const styles = useRecordCardStyles();
  return (
    <SectionCard heading={t('tribunal.injections')}>
      {award.injections.length === 0 ? (
        <Body1 className={styles.muted}>{t('tribunal.injectionsNone')}</Body1>
      ) : (
        <ul className={styles.list}>
          {award.injections.map((injection, index) => (
            <li key={index}>
              <Body1 className={styles.text}>
                {t('tribunal.injectionItem', {
                  code: injection.code,
                  page: injection.page,
                  excerpt: injection.excerpt,
                })}
              </Body1>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

export function SettingsUsedCard({ award }: { award: AwardView }) {
  const { t } = useTranslation();
  const styles = useRecordCardStyles();
  const { setBy, setAt, settings, sha256 } = award.settings;
  return (
    <SectionCard heading={t('tribunal.settingsTitle')} data-testid="settings-used">
      <Body1>
        {t('tribunal.settingsSetBy', {
          name: setBy.name,
          side:
            setBy.side === 'tribunal'
              ? t('tribunal.settingsSideTribunal')
              : setBy.side === 'claimant'
                ? t('tribunal.sideClaimant')
                : t('tribunal.sideRespondent'),
          date: formatDateTime(setAt),
        })}
      </Body1>
      <details>
        <summary>
          <Caption1>{t('tribunal.settingsInstructions')}</Caption1>
        </summary>
        <pre className={styles.pre}>{settings.instructions}</pre>
        {settings.chapterPrompts.map((prompt, index) => (
          <pre key={index} className={styles.pre}>
            {t('tribunal.settingsPrompt', { number: index + 1 })}: {prompt}
          </pre>
        ))}
      </details>
      <Caption1 className={styles.muted}>
        {t('tribunal.settingsTemperature', { value: settings.temperature })} ·{' '}
        {t('tribunal.settingsTopP', { value: settings.top_p })} · {t('tribunal.settingsHash', { hash: sha256 })}
      </Caption1>
    </SectionCard>
  );
}

export function VersionsCard({ award }: { award: AwardView }) {
  const { t } = useTranslation();
  const styles = useRecordCardStyles();
  return (
    <SectionCard heading={t('tribunal.versions')}>
      <ul className={styles.list} data-testid="versions">
        {[...award.versions]
          .sort((a, b) => b.version - a.version)
          .map((version) => (
            <li key={version.version}>
              <Body1>
                {t('tribunal.versionItem', {
                  version: version.version,
                  date: formatDateTime(version.savedAt),
                  name: version.savedBy.name,
                  source: version.source === 'ai' ? t('tribunal.sourceAi') : t('tribunal.sourceTribunal'),
                })}
              </Body1>
            </li>
          ))}
      </ul>
    </SectionCard>
  );
}
