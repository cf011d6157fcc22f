import {
  Body1,
  Button,
  Card,
  Caption1,
  Checkbox,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Subtitle2,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { ARBITRATION_AGREEMENT, newDisputeSchema, sharedPartyDetail, type NewDisputeInput } from '@ratkaisu/core';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { currentLanguage, LANGUAGES, type Language } from '../../../i18n/i18n';
import { useAuthStore } from '../../../stores/auth-store';
import { errorMessage } from '../../../api/error-message';
import { fieldErrorMessages } from '../../../api/field-error-messages';
import { PageHeading } from '../../../ui/PageHeading';
import { useFocusFirstInvalid } from '../../../ui/use-focus-first-invalid';
import { useDisputeStore } from '../stores/dispute-store';
import { fieldMessage, samePartyDetailOf, samePartyMessage } from '../field-messages';

const useStyles = makeStyles({
  page: { maxWidth: '880px', width: '100%', margin: '0 auto', boxSizing: 'border-box' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  card: { padding: tokens.spacingVerticalXL, gap: tokens.spacingVerticalM },
  sectionHeading: { margin: 0 },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))',
    // Without this a field beside one with a message stretches its input.
    alignItems: 'start',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalM,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, justifyContent: 'flex-end', flexWrap: 'wrap' },
  clause: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalM,
    borderLeft: `3px solid ${tokens.colorNeutralStroke1}`,
    overflowWrap: 'anywhere',
  },
});

type PartyKey = 'claimant' | 'respondent';
type PartyField = 'name' | 'identificationNumber' | 'email' | 'address';

interface FormValues {
  name: string;
  description: string;
  /** Euros as typed; optional (docs/fees.md "Due points"). */
  amountInDispute: string;
  claimant: Record<PartyField, string>;
  respondent: Record<PartyField, string>;
}

const emptyParty = (): Record<PartyField, string> => ({ name: '', identificationNumber: '', email: '', address: '' });

/** Field messages keyed by dotted path (`claimant.email`), as the server's `fields` are. */
type FieldErrors = Record<string, string>;

/** `/new-dispute-form`: Create New Case (docs/product.md section 2, New dispute form). */
export default function NewDisputeFormPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const [agreed, setAgreed] = useState(false);
  const create = useDisputeStore((state) => state.create);
  // An account registered without a full name (docs/product.md's payload has none) is asked for one here: awards
  // print it for counsel. Asked once per form: typing it does not hide the field.
  const profileFullName = useAuthStore((state) => state.fullName);
  const setProfileFullName = useAuthStore((state) => state.setFullName);
  const [asksFullName] = useState(() => !profileFullName.trim());
  const [filerFullName, setFilerFullName] = useState('');
  // The case's language: the screens' by default, and asked (its invitation mail and file names use it).
  const [caseLanguage, setCaseLanguage] = useState<Language>(() => currentLanguage());
  // One id per form: a double submit or a retry after a lost answer names the same case.
  const [disputeId] = useState(() => crypto.randomUUID());
  const [values, setValues] = useState<FormValues>({
    name: '',
    description: '',
    amountInDispute: '',
    claimant: emptyParty(),
    respondent: emptyParty(),
  });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();

  const setTop = (key: 'name' | 'description' | 'amountInDispute', value: string) =>
    setValues((current) => ({ ...current, [key]: value }));
  const setParty = (party: PartyKey, key: PartyField, value: string) =>
    setValues((current) => ({ ...current, [party]: { ...current[party], [key]: value } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submittingRef.current) return;
    // The claimant accepts the arbitration agreement as it opens the case (recorded with the case, versioned).
    const input: NewDisputeInput = {
      id: disputeId,
      ...values,
      ...(agreed ? { agreementVersion: ARBITRATION_AGREEMENT.version } : {}),
      ...(asksFullName ? { filerFullName } : {}),
      language: caseLanguage,
    };
    const parsed = newDisputeSchema.safeParse(input);
    // One representative or one company on both sides would open a case nobody can answer (docs/decisions.md).
    const shared = parsed.success ? sharedPartyDetail(parsed.data.claimant, parsed.data.respondent) : undefined;
    if (!parsed.success || !agreed || shared) {
      const errors: FieldErrors = shared ? samePartyMessage(shared, t) : {};
      for (const issue of parsed.error?.issues ?? []) {
        const path = issue.path.join('.');
        errors[path] ??= path === 'filerFullName' ? t('register.fullNameInvalid') : fieldMessage(path, issue, t);
      }
      if (!agreed) errors.agreementVersion = t('cases.agreementRequired');
      setFieldErrors(errors);
      setFormError(shared && agreed ? Object.values(errors)[0]! : t('cases.fillRequiredFields'));
      focusFirstInvalid();
      return;
    }
    submittingRef.current = true;
    setSubmitting(true);
    setFieldErrors({});
    setFormError(null);
    try {
      // The case's language names its documents' files (Kanne_…, Välitystuomio_… in a Finnish case).
      const created = await create(parsed.data, t('ErrorTryAgainText'));
      if (parsed.data.filerFullName) setProfileFullName(parsed.data.filerFullName);
      void navigate(`/case-attachment/${encodeURIComponent(created?.id ?? disputeId)}`);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'same_party_on_both_sides') {
        // The server words it in the account's language; the form says it in the screen's.
        const errors = samePartyMessage(samePartyDetailOf(failure.fields), t);
        setFieldErrors(errors);
        setFormError(Object.values(errors)[0]!);
      } else {
        // Each field the server refused, in the screen's language (the reason's text, not the server's English).
        setFieldErrors(fieldErrorMessages(failure));
        setFormError(errorMessage(failure, t('ErrorTryAgainText')));
      }
      focusFirstInvalid();
      submittingRef.current = false;
      setSubmitting(false);
    }
  };

  const fieldProps = (path: string) => {
    const message = fieldErrors[path];
    return message ? { validationMessage: message, validationState: 'error' as const } : {};
  };

  const partySection = (party: PartyKey, title: string) => (
    <Card className={styles.card} role="group" aria-label={title}>
      <Subtitle2 as="h2" className={styles.sectionHeading}>
        {title}
      </Subtitle2>
      <div className={styles.grid}>
        <Field label={t('cases.partyName')} required {...fieldProps(`${party}.name`)}>
          <Input
            value={values[party].name}
            onChange={(_, data) => setParty(party, 'name', data.value)}
            autoComplete="organization"
          />
        </Field>
        <Field label={t('cases.identificationNumber')} {...fieldProps(`${party}.identificationNumber`)}>
          <Input
            value={values[party].identificationNumber}
            onChange={(_, data) => setParty(party, 'identificationNumber', data.value)}
          />
        </Field>
        <Field label={t('cases.representativeEmail')} required {...fieldProps(`${party}.email`)}>
          <Input
            type="email"
            value={values[party].email}
            onChange={(_, data) => setParty(party, 'email', data.value)}
            autoComplete="email"
          />
        </Field>
        <Field label={t('cases.address')} {...fieldProps(`${party}.address`)}>
          <Input
            value={values[party].address}
            onChange={(_, data) => setParty(party, 'address', data.value)}
            autoComplete="street-address"
          />
        </Field>
      </div>
    </Card>
  );

  return (
    <div className={styles.page}>
      <PageHeading>{t('newDisputeForm')}</PageHeading>
      <form ref={formRef} className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <Card className={styles.card} role="group" aria-label={t('cases.projectDetails')}>
          <Subtitle2 as="h2" className={styles.sectionHeading}>
            {t('cases.projectDetails')}
          </Subtitle2>
          <Field label={t('cases.projectName')} required {...fieldProps('name')}>
            <Input value={values.name} onChange={(_, data) => setTop('name', data.value)} />
          </Field>
          <Field label={t('cases.shortDescription')} required {...fieldProps('description')}>
            <Textarea
              value={values.description}
              onChange={(_, data) => setTop('description', data.value)}
              rows={4}
              resize="vertical"
            />
          </Field>
          <Field label={t('cases.caseLanguage')} hint={t('cases.caseLanguageHint')} required>
            <RadioGroup
              layout="horizontal"
              value={caseLanguage}
              onChange={(_, data) => setCaseLanguage(data.value as Language)}
              data-testid="new-case-language"
            >
              {LANGUAGES.map((language) => (
                <Radio
                  key={language}
                  value={language}
                  label={t(language === 'fi' ? 'cases.caseLanguageFi' : 'cases.caseLanguageEn')}
                />
              ))}
            </RadioGroup>
          </Field>
          <Field
            label={t('cases.amountInDispute')}
            hint={t('cases.amountInDisputeHint')}
            {...fieldProps('amountInDispute')}
          >
            <Input
              inputMode="decimal"
              value={values.amountInDispute}
              onChange={(_, data) => setTop('amountInDispute', data.value)}
            />
          </Field>
        </Card>
        {asksFullName ? (
          <Card className={styles.card} role="group" aria-label={t('cases.aboutYouHeading')}>
            <Subtitle2 as="h2" className={styles.sectionHeading}>
              {t('cases.aboutYouHeading')}
            </Subtitle2>
            <Body1>{t('cases.filerFullNameIntro')}</Body1>
            <Field
              label={t('register.fullName')}
              hint={t('register.fullNameHint')}
              required
              {...fieldProps('filerFullName')}
            >
              <Input value={filerFullName} onChange={(_, data) => setFilerFullName(data.value)} autoComplete="name" />
            </Field>
          </Card>
        ) : null}
        {partySection('claimant', t('cases.claimantInformation'))}
        {partySection('respondent', t('cases.respondentInformation'))}
        <Card
          className={styles.card}
          role="group"
          aria-label={t('cases.agreementHeading', { version: ARBITRATION_AGREEMENT.version })}
        >
          <Subtitle2 as="h2" className={styles.sectionHeading}>
            {t('cases.agreementHeading', { version: ARBITRATION_AGREEMENT.version })}
          </Subtitle2>
          <blockquote className={styles.clause} data-testid="new-case-agreement">
            <Body1>{i18n.resolvedLanguage === 'fi' ? ARBITRATION_AGREEMENT.fi : ARBITRATION_AGREEMENT.en}</Body1>
          </blockquote>
          <Field required {...fieldProps('agreementVersion')}>
            <Checkbox
              checked={agreed}
              onChange={(_, data) => {
                setAgreed(data.checked === true);
                setFieldErrors(({ agreementVersion: _dropped, ...rest }) => rest);
              }}
              label={t('cases.agreementAccept')}
            />
          </Field>
          <Caption1>{t('cases.agreementRespondentNote')}</Caption1>
        </Card>
        {formError ? (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{formError}</MessageBarBody>
          </MessageBar>
        ) : null}
        <MessageBar intent="info" data-testid="new-case-next-step">
          <MessageBarBody>{t('cases.newCaseNextStep')}</MessageBarBody>
        </MessageBar>
        <div className={styles.actions}>
          <Button type="button" onClick={() => void navigate('/home')}>
            {t('cases.cancel')}
          </Button>
          <Button type="submit" appearance="primary" disabled={submitting}>
            {t('cases.saveAndSend')}
          </Button>
        </div>
      </form>
    </div>
  );
}
