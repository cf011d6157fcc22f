import {
  Body1,
  Button,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import type { IncidentDetail, OmbudsmanReport } from '@ratkaisu/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../ui/save-blob';
import { SectionCard } from '../../../ui/SectionCard';
import { exportOmbudsmanReport, saveOmbudsmanReport } from '../api/incidents-api';
import { useIncidentChange } from '../api/use-incident-change';

const useStyles = makeStyles({
  text: { margin: 0, display: 'block', overflowWrap: 'anywhere' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  number: { maxWidth: '12rem' },
});

const TEXT_FIELDS = [
  'natureOfBreach',
  'dataSubjectCategories',
  'recordCategories',
  'likelyConsequences',
  'measuresTaken',
  'contactPoint',
] as const;
const NUMBER_FIELDS = ['approxDataSubjects', 'approxRecords'] as const;

/** The notification to the Data Protection Ombudsman (GDPR art. 33(3)): prefilled, edited here, downloaded to hand in. */
export function OmbudsmanReportForm({
  incident,
  onError,
}: {
  incident: IncidentDetail;
  onError: (cause: unknown) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [report, setReport] = useState<OmbudsmanReport>(incident.ombudsman);
  const [saved, setSaved] = useState(false);
  const change = useIncidentChange(incident.id, onError);
  useEffect(() => setReport(incident.ombudsman), [incident.ombudsman]);

  const set = <K extends keyof OmbudsmanReport>(key: K, value: OmbudsmanReport[K]) => {
    setSaved(false);
    setReport((current) => ({ ...current, [key]: value }));
  };

  const save = () => change.mutate(() => saveOmbudsmanReport(incident.id, report), { onSuccess: () => setSaved(true) });

  const download = async (format: 'text' | 'json') => {
    try {
      const blob = await exportOmbudsmanReport(incident.id, format);
      saveBlob(blob, `incident-${incident.id}-ombudsman.${format === 'text' ? 'txt' : 'json'}`);
    } catch (cause) {
      onError(cause);
    }
  };

  return (
    <SectionCard heading={t('incidents.ombudsmanTitle')} level="h3" data-testid="incident-ombudsman">
      <Body1 as="p" className={styles.text}>
        {t('incidents.ombudsmanHelp')}
      </Body1>
      <div className={styles.form}>
        {TEXT_FIELDS.map((key) => (
          <Field key={key} label={t(`incidents.ombudsman.${key}`)}>
            <Textarea
              value={report[key]}
              onChange={(_, data) => set(key, data.value)}
              resize="vertical"
              rows={key === 'contactPoint' ? 1 : 3}
            />
          </Field>
        ))}
        {NUMBER_FIELDS.map((key) => (
          <Field key={key} label={t(`incidents.ombudsman.${key}`)}>
            <Input
              className={styles.number}
              type="number"
              min={0}
              value={String(report[key])}
              onChange={(_, data) => set(key, Math.max(0, Math.floor(Number(data.value) || 0)))}
            />
          </Field>
        ))}
        {saved ? (
          <MessageBar intent="success" role="status">
            <MessageBarBody>{t('incidents.reportSaved')}</MessageBarBody>
          </MessageBar>
        ) : null}
        <div className={styles.row}>
          <Button appearance="primary" disabled={change.isPending} onClick={save}>
            {t('incidents.saveReport')}
          </Button>
          <Button appearance="secondary" onClick={() => void download('text')}>
            {t('incidents.exportText')}
          </Button>
          <Button appearance="secondary" onClick={() => void download('json')}>
            {t('incidents.exportJson')}
          </Button>
        </div>
      </div>
    </SectionCard>
  );
}
