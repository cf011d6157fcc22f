import { Body1, Button } from '@fluentui/react-components';
import type { ConstitutionView } from '@ratkaisu/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../ui/format-date';
import { answerTribunalSize } from '../../api/constitution';
import { type RunStep, type Side, useConstitutionStyles, useSideName } from './constitution-look';

/** A party's request for three arbitrators: the other party agrees or refuses; everyone else sees where it stands. */
export function TribunalSizeSection({
  disputeId,
  request,
  acting,
  busy,
  run,
}: {
  disputeId: string;
  request: NonNullable<ConstitutionView['sizeRequest']>;
  acting: Side | null;
  busy: boolean;
  run: RunStep;
}) {
  const { t } = useTranslation();
  const styles = useConstitutionStyles();
  const sideName = useSideName();
  return (
    <section className={styles.section} aria-label={t('constitution.sizeHeading')}>
      <Body1 as="h3" className={styles.text}>
        <strong>{t('constitution.sizeHeading')}</strong>
      </Body1>
      {request.status === 'Pending' && acting && acting !== request.requestedBySide ? (
        <>
          <Body1 as="p" className={styles.text}>
            {t('constitution.sizeAsk', { side: sideName(request.requestedBySide), date: formatDate(request.answerBy) })}
          </Body1>
          <div className={styles.actions}>
            <Button
              appearance="primary"
              disabled={busy}
              onClick={() => void run(() => answerTribunalSize(disputeId, true))}
            >
              {t('constitution.agree')}
            </Button>
            <Button disabled={busy} onClick={() => void run(() => answerTribunalSize(disputeId, false))}>
              {t('constitution.refuse')}
            </Button>
          </div>
        </>
      ) : (
        <Body1 as="p" className={styles.text}>
          {request.status === 'Pending'
            ? t('constitution.sizeWaiting', { date: formatDate(request.answerBy) })
            : t(`constitution.size${request.status}`)}
        </Body1>
      )}
    </section>
  );
}
