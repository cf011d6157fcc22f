import {
  Body1,
  Button,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Slider,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import {
  DEFAULT_CHAPTER_HEADINGS,
  decisionSettingsSchema,
  defaultDecisionSettings,
  MAX_CHAPTER_PROMPT_LENGTH,
  MAX_DECISION_INSTRUCTIONS_LENGTH,
  type DecisionSettings,
} from '@ratkaisu/core';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../ui/Modal';
import { clearDecisionSettings, loadDecisionSettings, saveDecisionSettings } from '../../../stores/decision-settings';
import { useFocusFirstInvalid } from '../../../ui/use-focus-first-invalid';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  text: { margin: 0, color: tokens.colorNeutralForeground3 },
  sliderRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  slider: { flexGrow: 1 },
  sliderValue: { minWidth: '2.5em', textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
});

type SamplingKey = 'temperature' | 'top_p';

/** Validation messages keyed by field: `instructions`, `chapterPrompts.3`, `temperature`, … */
type FieldErrors = Record<string, string>;

function issuesByField(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The slider's value rounded to its 0.1 step, so floating-point noise never reaches the settings. */
function toStep(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * The decision Settings modal (docs/product.md sections 2 and 3): the instructions, one prompt per chapter
 * labelled with its heading, temperature and top_p. It reads local storage each time it opens, so
 * Cancel (or Escape) simply drops the edits; Save checks the settings with the server's own schema
 * first. Reset forgets the stored settings at once and shows the defaults, leaving the modal open so
 * the user sees what they now are.
 */
export function DecisionSettingsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const styles = useStyles();
  const formId = useId();
  const [settings, setSettings] = useState<DecisionSettings>(defaultDecisionSettings);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);

  // Loaded while rendering the opening, not in an effect, so the defaults never flash before the stored values.
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setSettings(loadDecisionSettings());
      setErrors({});
      setNotice(null);
      setSaveError(null);
    }
  }

  const edit = (change: Partial<DecisionSettings>) => {
    setSettings((current) => ({ ...current, ...change }));
    setNotice(null);
  };

  const editPrompt = (index: number, value: string) =>
    edit({ chapterPrompts: settings.chapterPrompts.map((prompt, i) => (i === index ? value : prompt)) });

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = decisionSettingsSchema.safeParse(settings);
    if (!checked.success) {
      setErrors(issuesByField(checked.error.issues));
      focusFirstInvalid();
      return;
    }
    try {
      saveDecisionSettings(checked.data);
    } catch {
      // Storage full or blocked: the settings stay in the form so nothing typed is lost.
      setSaveError(t('decision.settingsSaveFailed'));
      return;
    }
    onClose();
  };

  const reset = () => {
    clearDecisionSettings();
    setSettings(defaultDecisionSettings());
    setErrors({});
    setSaveError(null);
    setNotice(t('decision.settingsReset'));
  };

  const slider = (key: SamplingKey, label: string) => (
    <Field label={label} validationMessage={errors[key]}>
      <div className={styles.sliderRow}>
        <Slider
          className={styles.slider}
          min={0}
          max={1}
          step={0.1}
          value={settings[key]}
          onChange={(_event, data) => edit({ [key]: toStep(data.value) })}
        />
        <Text className={styles.sliderValue} aria-hidden="true" data-testid={`${key}-value`}>
          {settings[key].toFixed(1)}
        </Text>
      </div>
    </Field>
  );

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="wide"
      title={t('decision.settingsTitle')}
      actions={
        <>
          <Button appearance="primary" type="submit" form={formId}>
            {t('decision.save')}
          </Button>
          <Button onClick={onClose}>{t('decision.cancel')}</Button>
          <Button appearance="subtle" onClick={reset}>
            {t('decision.reset')}
          </Button>
        </>
      }
    >
      <form ref={formRef} id={formId} className={styles.form} onSubmit={save} noValidate>
        <Body1 as="p" className={styles.text}>
          {t('decision.settingsIntro')}
        </Body1>
        <Field label={t('decision.instructions')} validationMessage={errors.instructions}>
          <Textarea
            value={settings.instructions}
            rows={8}
            resize="vertical"
            maxLength={MAX_DECISION_INSTRUCTIONS_LENGTH}
            onChange={(_event, data) => edit({ instructions: data.value })}
          />
        </Field>
        {errors.chapterPrompts ? (
          <MessageBar intent="error">
            <MessageBarBody>{errors.chapterPrompts}</MessageBarBody>
          </MessageBar>
        ) : null}
        {DEFAULT_CHAPTER_HEADINGS.map((heading, index) => (
          <Field
            key={heading}
            label={t('decision.chapterPrompt', { number: index + 1, heading })}
            validationMessage={errors[`chapterPrompts.${index}`]}
          >
            <Textarea
              value={settings.chapterPrompts[index] ?? ''}
              rows={4}
              resize="vertical"
              maxLength={MAX_CHAPTER_PROMPT_LENGTH}
              onChange={(_event, data) => editPrompt(index, data.value)}
            />
          </Field>
        ))}
        {slider('temperature', t('decision.temperature'))}
        {slider('top_p', t('decision.topP'))}
        <div role="status">
          {notice ? (
            <MessageBar intent="info">
              <MessageBarBody>{notice}</MessageBarBody>
            </MessageBar>
          ) : null}
        </div>
        {saveError ? (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{saveError}</MessageBarBody>
          </MessageBar>
        ) : null}
      </form>
    </Modal>
  );
}
