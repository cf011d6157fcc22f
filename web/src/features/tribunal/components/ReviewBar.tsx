import { Badge, Body1, Button, Caption1, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import type { AwardView } from '@ratkaisu/core';
import { useTranslation } from 'react-i18next';
import { ReportAiProblem } from '../../../ui/ReportAiProblem';
import type { AwardDraft } from '../use-award-draft';

const useStyles = makeStyles({
  bar: {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} 0`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  grow: { flexGrow: 1 },
  muted: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
});

const STATUS_KEY = {
  Draft: 'tribunal.statusDraft',
  Adopted: 'tribunal.statusAdopted',
  Issued: 'tribunal.statusIssued',
} as const;
const STATUS_COLOUR = { Draft: 'warning', Adopted: 'brand', Issued: 'success' } as const;

export interface ReviewBarProps {
  disputeId: string;
  award: AwardView;
  draft: AwardDraft;
  /** The chair or the sole arbitrator: may adopt a draft. */
  presides: boolean;
  /** A member who has neither signed nor been named as not signing, once the award is adopted. */
  maySign: boolean;
  onAdopt: () => void;
  onSign: () => void;
}

/**
 * The review screen's sticky bar: the award's status and version, Report a problem, whether the text is
 * unsaved or a chapter is being written again, and Save, Adopt and Sign as the member's role and the
 * award's status allow.
 */
export function ReviewBar({ disputeId, award, draft, presides, maySign, onAdopt, onSign }: ReviewBarProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { dirty, saving, regenerating } = draft;
  return (
    <div className={styles.bar} data-testid="review-bar">
      <Badge appearance="filled" color={STATUS_COLOUR[award.status]}>
        {t(STATUS_KEY[award.status])}
      </Badge>
      <Body1>{t('tribunal.versionLine', { version: award.version })}</Body1>
      <ReportAiProblem target={{ disputeId, output: 'award', outputId: award.id }} />
      {dirty ? <Caption1 className={styles.muted}>{t('tribunal.unsaved')}</Caption1> : null}
      {regenerating ? (
        <Spinner
          size="tiny"
          labelPosition="after"
          label={t('tribunal.regenerating', { number: regenerating.chapter })}
        />
      ) : null}
      <span className={styles.grow} />
      {award.status === 'Draft' ? (
        <Button
          appearance="primary"
          disabled={saving || !dirty}
          icon={saving ? <Spinner size="tiny" /> : undefined}
          onClick={() => void draft.save()}
        >
          {t('tribunal.save')}
        </Button>
      ) : null}
      {award.status === 'Draft' && presides ? (
        <Button disabled={saving || dirty} title={dirty ? t('tribunal.adoptSaveFirst') : undefined} onClick={onAdopt}>
          {t('tribunal.adopt')}
        </Button>
      ) : null}
      {maySign ? (
        <Button appearance="primary" onClick={onSign}>
          {t('tribunal.sign')}
        </Button>
      ) : null}
    </div>
  );
}
