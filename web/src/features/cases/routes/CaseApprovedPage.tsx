import {
  Badge,
  Body1,
  Button,
  Card,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Subtitle2,
  Text,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeading } from '../../../ui/PageHeading';

const useStyles = makeStyles({
  page: {
    maxWidth: '880px',
    width: '100%',
    margin: '0 auto',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  badges: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  card: { padding: tokens.spacingVerticalL, gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  text: { margin: 0 },
  facts: {
    margin: 0,
    display: 'grid',
    gridTemplateColumns: 'minmax(120px, max-content) 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
  },
  row: { display: 'contents' },
  term: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, alignSelf: 'center' },
  value: { ...typographyStyles.body1, margin: 0 },
  actions: { display: 'flex', justifyContent: 'flex-end' },
});

/**
 * `/case-approved`: what a resolved case looks like, with sample content only (docs/product.md route table:
 * "static example data only, no real function"). It says so at the top, so nobody mistakes it for a case.
 */
export default function CaseApprovedPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const partiesId = useId();
  const decisionId = useId();
  const facts: [string, string][] = [
    [
      t('cases.approvedExample.claimantLabel'),
      `${t('cases.approvedExample.claimant')} (${t('cases.approvedExample.claimantId')})`,
    ],
    [
      t('cases.approvedExample.respondentLabel'),
      `${t('cases.approvedExample.respondent')} (${t('cases.approvedExample.respondentId')})`,
    ],
    [t('cases.approvedExample.phasesHeading'), t('cases.approvedExample.phasesSummary')],
    [t('cases.caseStatus'), t('cases.approvedExample.resolvedOn')],
  ];
  return (
    <div className={styles.page}>
      <PageHeading subtitle={t('cases.approvedExample.createdOn')}>{t('cases.approvedExample.caseName')}</PageHeading>
      <div className={styles.badges}>
        <Badge appearance="filled" color="important">
          {t('cases.approvedExample.badge')}
        </Badge>
        <Badge appearance="filled" color="success">
          {t('cases.statusResolved')}
        </Badge>
      </div>
      <MessageBar intent="info">
        <MessageBarBody>{t('cases.approvedExample.notice')}</MessageBarBody>
      </MessageBar>
      <Card className={styles.card} role="region" aria-labelledby={partiesId}>
        <Subtitle2 as="h2" id={partiesId} className={styles.heading}>
          {t('cases.parties')}
        </Subtitle2>
        <dl className={styles.facts}>
          {facts.map(([label, value]) => (
            <div key={label} className={styles.row}>
              <dt className={styles.term}>{label}</dt>
              <dd className={styles.value}>{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card className={styles.card} role="region" aria-labelledby={decisionId}>
        <Subtitle2 as="h2" id={decisionId} className={styles.heading}>
          {t('cases.approvedExample.decisionHeading')}
        </Subtitle2>
        <Text as="p" weight="semibold" className={styles.text}>
          {t('cases.approvedExample.outcome')}
        </Text>
        {(['summary1', 'summary2', 'summary3'] as const).map((key) => (
          <Body1 as="p" key={key} className={styles.text}>
            {t(`cases.approvedExample.${key}`)}
          </Body1>
        ))}
      </Card>
      <div className={styles.actions}>
        <Button onClick={() => void navigate('/home')}>{t('cases.return')}</Button>
      </div>
    </div>
  );
}
