import {
  Badge,
  Body1,
  Button,
  Caption1,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Select,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { FormMessage } from '../../../ui/FormMessage';
import { formatDate } from '../../../ui/format-date';
import { SectionCard } from '../../../ui/SectionCard';
import {
  appointTribunal,
  listArbitrators,
  listTribunalRequests,
  type ArbitratorOption,
  type TribunalRequestRow,
} from '../api/admin-api';
import { adminKeys } from '../api/query-keys';
import { useReportedQuery } from '../../../ui/query/use-reported-query';
import { useAdminTableStyles } from './admin-styles';
import { ChallengesSection } from './ChallengesSection';

const useStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  text: { margin: 0, overflowWrap: 'anywhere' },
  seats: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalM,
    alignItems: 'end',
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
});

/**
 * Appointments: the cases whose parties asked for a tribunal, each with a picker of the
 * tenant's arbitrators (a sole arbitrator, or a chair and two members) and Confirm.
 */
export function AppointmentsTab({ onError }: { onError: (cause: unknown) => void }) {
  const { t } = useTranslation();
  const tableStyles = useAdminTableStyles();
  const styles = useStyles();
  const [done, setDone] = useState<string | null>(null);
  const client = useQueryClient();
  const query = useReportedQuery(
    {
      queryKey: adminKeys.tribunalRequests,
      queryFn: async ({ signal }) => {
        const [requests, options] = await Promise.all([listTribunalRequests(signal), listArbitrators(signal)]);
        return { requests, options };
      },
    },
    onError,
  );
  const load = () => client.invalidateQueries({ queryKey: adminKeys.appointments });
  // After a failed load the list is empty, the banner says why.
  const rows = query.data?.requests ?? (query.isError ? [] : null);
  const arbitrators = query.data?.options ?? [];

  if (rows === null) return <Spinner label={t('admin.loading')} />;
  return (
    <div className={tableStyles.root} data-testid="appointments">
      <ChallengesSection />
      {done ? (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{done}</MessageBarBody>
        </MessageBar>
      ) : null}
      {rows.length === 0 ? (
        <Body1 className={tableStyles.muted}>{t('tribunal.appointmentsNone')}</Body1>
      ) : (
        <ul className={styles.list}>
          {rows.map((row) => (
            <li key={row.dispute.id}>
              <AppointmentCard
                row={row}
                arbitrators={arbitrators}
                onAppointed={async () => {
                  setDone(t('tribunal.appointed'));
                  await load();
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AppointmentCard({
  row,
  arbitrators,
  onAppointed,
}: {
  row: TribunalRequestRow;
  arbitrators: readonly ArbitratorOption[];
  onAppointed: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [size, setSize] = useState<1 | 3>(row.tribunal.size);
  const [seats, setSeats] = useState<string[]>(['', '', '']);
  const [busy, setBusy] = useState(false);
  // A second click before the first answer re-renders the button: the ref stops it at once.
  const sending = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const chosen = seats.slice(0, size);
  // Every seat holds an invitation or an acceptance: the appointment is done until someone declines.
  const seated = row.tribunal.members.filter((member) => member.status !== 'Declined');
  const appointed = seated.length >= row.tribunal.size;
  const complete = chosen.every((id) => id !== '');
  const distinct = new Set(chosen).size === chosen.length;

  const confirm = async () => {
    if (!complete || sending.current) return;
    if (!distinct) {
      setError(t('tribunal.pickDistinct'));
      return;
    }
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      await appointTribunal(row.dispute.id, chosen);
      await onAppointed();
    } catch (failure) {
      setError(errorMessage(failure, t('tribunal.appointFailed')));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const seatLabels =
    size === 1
      ? [t('tribunal.soleArbitrator')]
      : [t('tribunal.chair'), t('tribunal.member', { number: 1 }), t('tribunal.member', { number: 2 })];
  const requestedSide =
    row.tribunal.requestedBySide === 'claimant' ? t('tribunal.sideClaimant') : t('tribunal.sideRespondent');

  return (
    <SectionCard
      heading={t('tribunal.appointmentCase', { caseNumber: row.caseNumber ?? '', name: row.dispute.name }).trim()}
      level="h3"
      data-testid={`appointment-${row.dispute.id}`}
    >
      <Body1 as="p" className={styles.text}>
        {t('tribunal.appointmentParties', { claimant: row.claimantName, respondent: row.respondentName })}
      </Body1>
      <Caption1>
        {t('tribunal.appointmentRequested', {
          date: formatDate(row.tribunal.requestedAt),
          side: requestedSide,
          size: row.tribunal.size === 3 ? t('tribunal.sizeThree') : t('tribunal.sizeSole'),
        })}
      </Caption1>
      {row.tribunal.note ? <Caption1>{t('tribunal.requestNote', { note: row.tribunal.note })}</Caption1> : null}
      {row.tribunal.members.length > 0 ? (
        <div className={styles.actions}>
          {row.tribunal.members.map((member) => (
            <Badge
              key={member.userId}
              appearance="tint"
              color={member.status === 'Declined' ? 'danger' : 'informative'}
            >
              {member.name} · {t(`tribunal.member${member.status}`)}
            </Badge>
          ))}
        </div>
      ) : null}
      {appointed ? (
        <MessageBar intent="info" data-testid="appointment-done">
          <MessageBarBody>{t('tribunal.appointmentDone')}</MessageBarBody>
        </MessageBar>
      ) : arbitrators.length === 0 ? (
        <MessageBar intent="warning">
          <MessageBarBody>{t('tribunal.noArbitrators')}</MessageBarBody>
        </MessageBar>
      ) : (
        <>
          <RadioGroup
            layout="horizontal"
            value={String(size)}
            onChange={(_e, data) => setSize(data.value === '3' ? 3 : 1)}
          >
            <Radio value="1" label={t('tribunal.sizeSole')} />
            <Radio value="3" label={t('tribunal.sizeThree')} />
          </RadioGroup>
          <Caption1>{t('tribunal.appointSecondFactorNote')}</Caption1>
          <div className={styles.seats}>
            {seatLabels.map((label, seat) => (
              <Field key={seat} label={label} required>
                <Select
                  value={seats[seat]}
                  onChange={(_e, data) =>
                    setSeats((current) => current.map((id, at) => (at === seat ? data.value : id)))
                  }
                >
                  <option value="">{t('tribunal.chooseArbitrator')}</option>
                  {arbitrators.map((option) => (
                    <option key={option.userId} value={option.userId} disabled={option.canSign === false}>
                      {option.name}, {option.title} ({option.email})
                      {option.canSign === false ? ` — ${t('tribunal.arbitratorNoSecondFactor')}` : ''}
                    </option>
                  ))}
                </Select>
              </Field>
            ))}
          </div>
          <div className={styles.actions}>
            <Button
              appearance="primary"
              disabled={!complete || busy}
              icon={busy ? <Spinner size="tiny" /> : undefined}
              onClick={() => void confirm()}
            >
              {t('tribunal.confirmAppointment')}
            </Button>
          </div>
        </>
      )}
      <FormMessage intent="error" message={error} />
    </SectionCard>
  );
}
