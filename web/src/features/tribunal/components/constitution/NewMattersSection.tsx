import { Body1, Button, Caption1, Field, Textarea } from '@fluentui/react-components';
import type { NewMatterView } from '@ratkaisu/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../ui/format-date';
import { answerNewMatter } from '../../api/constitution';
import { type RunStep, type Side, useConstitutionStyles, useSideName } from './constitution-look';

/** The corrections and comments one party put to the other: each with its answer, its lapse, or an answer form. */
export function NewMattersSection({
  disputeId,
  matters,
  acting,
  busy,
  run,
}: {
  disputeId: string;
  matters: readonly NewMatterView[];
  acting: Side | null;
  busy: boolean;
  run: RunStep;
}) {
  const { t } = useTranslation();
  const styles = useConstitutionStyles();
  return (
    <section className={styles.section} aria-label={t('constitution.mattersHeading')}>
      <Body1 as="h3" className={styles.text}>
        <strong>{t('constitution.mattersHeading')}</strong>
      </Body1>
      <ul className={styles.list}>
        {matters.map((matter) => (
          <MatterItem
            key={matter.id}
            matter={matter}
            canAnswer={acting !== null && acting !== matter.raisedBy}
            onAnswer={(text) => run(() => answerNewMatter(disputeId, matter.id, text))}
            busy={busy}
          />
        ))}
      </ul>
    </section>
  );
}

function MatterItem({
  matter,
  canAnswer,
  onAnswer,
  busy,
}: {
  matter: NewMatterView;
  canAnswer: boolean;
  onAnswer: (text: string) => Promise<boolean>;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const styles = useConstitutionStyles();
  const sideName = useSideName();
  const [text, setText] = useState('');
  const lapsed = !matter.answer && new Date(matter.answerBy).getTime() <= Date.now();
  return (
    <li>
      <Body1 as="p" className={styles.text}>
        {t(matter.kind === 'correction' ? 'constitution.matterCorrection' : 'constitution.matterComment', {
          side: sideName(matter.raisedBy),
          date: formatDate(matter.raisedAt),
        })}{' '}
        {matter.text}
      </Body1>
      <Caption1 className={styles.muted}>
        {matter.answer
          ? t('constitution.matterAnswered', {
              date: formatDate(matter.answer.at),
              name: matter.answer.name,
              text: matter.answer.text,
            })
          : lapsed
            ? t('constitution.matterLapsed', { date: formatDate(matter.answerBy) })
            : t('constitution.matterAnswerBy', { date: formatDate(matter.answerBy) })}
      </Caption1>
      {canAnswer && !matter.answer && !lapsed ? (
        <div className={styles.section}>
          <Field label={t('constitution.yourAnswer')}>
            <Textarea value={text} onChange={(_, data) => setText(data.value)} resize="vertical" />
          </Field>
          <div className={styles.actions}>
            <Button
              appearance="primary"
              disabled={busy || text.trim().length === 0}
              onClick={() => void onAnswer(text.trim()).then((done) => done && setText(''))}
            >
              {t('constitution.sendAnswer')}
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}
