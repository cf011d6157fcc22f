import {
  Body1,
  Button,
  Caption1,
  Field,
  Input,
  Link,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import type { AwardView } from '@ratkaisu/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { freshWorkAccountToken, signedInWithWorkAccount } from '../../../identity/fresh-sign-in';
import { DialogFormActions } from '../../../ui/DialogFormActions';
import { FormMessage } from '../../../ui/FormMessage';
import { Modal } from '../../../ui/Modal';
import { useFormSubmission } from '../../../ui/use-form-submission';
import { PasswordField } from '../../../ui/PasswordField';
import { fetchAttachment, getPhases, signAward } from '../api/tribunal';
import { useFocusFirstInvalid } from '../../../ui/use-focus-first-invalid';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  text: { margin: 0 },
  hash: { overflowWrap: 'anywhere', fontFamily: tokens.fontFamilyMonospace },
});

/** Six digits from the app (spaces allowed), or a recovery code ("K7QD9-X2MPL", dash or space optional). */
const SECOND_FACTOR_PATTERN = /^(?:\d{3}\s?\d{3}|[a-z0-9]{5}[-\s]?[a-z0-9]{5})$/iu;

/** SHA-256 of a file's bytes, hex, computed in the browser: the hash the signer saw is the one the server checks. */
async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Sign what you see: the dialog names the PDF to be signed by its SHA-256 and opens that exact file (the
 * adopted award with any signatures already in it); the signature request carries the hash, so the server
 * refuses if the file has changed meanwhile. Sign stays disabled, with the reason beside it, until the PDF has
 * been opened here — as a party's Accept waits for its opening of an AI decision (AcceptDecisionDialog).
 * Signing is a re-authentication: the password, and the authenticator code (or a recovery code) where
 * two-factor sign-in is on (or a fresh work-account login).
 */
export function SignAwardDialog({
  open,
  disputeId,
  awardId,
  pdfSha256,
  fetchPdf,
  onClose,
  onSigned,
}: {
  open: boolean;
  disputeId: string;
  awardId: string;
  /** The SHA-256 of the award's current PDF, as the award view gives it. */
  pdfSha256: string | undefined;
  /** Where the PDF to sign is read from: the award in the case's Resolution phase unless given (a correction's). */
  fetchPdf?: () => Promise<Blob>;
  onClose: () => void;
  onSigned: (award: AwardView) => void;
}) {
  const { t } = useTranslation();
  const { focusFirstInvalid } = useFocusFirstInvalid();
  const styles = useStyles();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const { submitting: busy, formError, setFormError, runSubmission } = useFormSubmission(t('tribunal.signFailed'));
  const workAccount = signedInWithWorkAccount();
  const [opened, setOpened] = useState<{ url: string; sha256: string } | null>(null);
  const [opening, setOpening] = useState(false);
  const reasonId = useId();

  const fetchAwardPdf = async () => {
    const resolution = (await getPhases(disputeId)).find((phase) => phase.type === 'Resolution');
    if (!resolution) throw new Error('no resolution phase');
    return fetchAttachment(disputeId, resolution.id, awardId);
  };

  const openPdf = async () => {
    setOpening(true);
    setFormError(null);
    try {
      const pdf = fetchPdf ? await fetchPdf() : await fetchAwardPdf();
      // The bytes once: the file opened and the hash signed are the same bytes.
      const bytes = new Uint8Array(await pdf.arrayBuffer());
      const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
      if (opened) URL.revokeObjectURL(opened.url);
      setOpened({ url, sha256: await sha256Hex(bytes) });
      window.open(url, '_blank', 'noopener');
    } catch {
      setFormError(t('tribunal.signPdfOpenFailed'));
    } finally {
      setOpening(false);
    }
  };
  /** What is signed: the file opened here, and only that. */
  const seenSha256 = opened?.sha256;
  const changed = !!opened && !!pdfSha256 && opened.sha256 !== pdfSha256;

  const close = () => {
    if (busy) return;
    setPassword('');
    setCode('');
    setFormError(null);
    setCodeError(undefined);
    if (opened) URL.revokeObjectURL(opened.url);
    setOpened(null);
    onClose();
  };

  const signWithWorkAccount = async (pdf: string) => {
    let signed: AwardView | undefined;
    let cancelled = false;
    await runSubmission(async () => {
      const entraToken = await freshWorkAccountToken();
      if (!entraToken) {
        cancelled = true;
        return;
      }
      signed = await signAward(disputeId, awardId, {
        entraToken,
        pdfSha256: pdf,
      });
    });
    if (cancelled) setFormError(t('tribunal.signInCancelled'));
    if (signed) onSigned(signed);
  };

  const sign = async () => {
    // A signature names the file signed by its hash: without one (no PDF opened, none on the page) nothing is sent.
    const pdf = seenSha256;
    if (!pdf) {
      setFormError(t('tribunal.signPdfRequired'));
      return;
    }
    if (workAccount) return signWithWorkAccount(pdf);
    const trimmedCode = code.trim();
    if (trimmedCode && !SECOND_FACTOR_PATTERN.test(trimmedCode)) {
      setCodeError(t('tribunal.codeInvalid'));
      focusFirstInvalid();
      return;
    }
    let signed: AwardView | undefined;
    await runSubmission(async () => {
      signed = await signAward(disputeId, awardId, {
        ...(password ? { password } : {}),
        ...(trimmedCode ? { code: trimmedCode } : {}),
        pdfSha256: pdf,
      });
    });
    if (!signed) return;
    setPassword('');
    setCode('');
    onSigned(signed);
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('tribunal.signTitle')}
      actions={
        <DialogFormActions
          busy={busy}
          confirmLabel={workAccount ? t('tribunal.signWithMicrosoft') : t('tribunal.sign')}
          confirmDisabled={!opened || changed}
          confirmDescribedBy={opened ? undefined : reasonId}
          onConfirm={() => void sign()}
          onCancel={close}
        />
      }
    >
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          void sign();
        }}
      >
        <Body1 as="p" className={styles.text}>
          {t('tribunal.signWhatYouSee')}
        </Body1>
        <div>
          <Button
            disabled={opening}
            icon={opening ? <Spinner size="tiny" /> : undefined}
            onClick={() => void openPdf()}
          >
            {t('tribunal.signOpenPdf')}
          </Button>
          {opened ? (
            <>
              {' '}
              <Link href={opened.url} target="_blank" rel="noopener">
                {t('tribunal.signOpenAgain')}
              </Link>
            </>
          ) : null}
        </div>
        {pdfSha256 ? (
          <Caption1 className={styles.hash} data-testid="sign-pdf-hash">
            {t('tribunal.signPdfHash', { hash: pdfSha256 })}
          </Caption1>
        ) : null}
        {opened && !changed ? <Caption1>{t('tribunal.signPdfOpened')}</Caption1> : null}
        {opened ? null : (
          <MessageBar intent="warning" id={reasonId} data-testid="sign-open-first">
            <MessageBarBody>{t('tribunal.signPdfRequired')}</MessageBarBody>
          </MessageBar>
        )}
        {changed ? (
          <MessageBar intent="warning">
            <MessageBarBody>{t('tribunal.signPdfChanged')}</MessageBarBody>
          </MessageBar>
        ) : null}
        {workAccount ? (
          <Body1 as="p" className={styles.text}>
            {t('tribunal.signWorkIntro')}
          </Body1>
        ) : (
          <>
            <Body1 as="p" className={styles.text}>
              {t('tribunal.signIntro')}
            </Body1>
            <PasswordField
              label={t('tribunal.password')}
              value={password}
              onChange={setPassword}
              autoComplete="current-password"
            />
            <Field label={t('tribunal.code')} validationMessage={codeError}>
              <Input
                autoComplete="one-time-code"
                autoCapitalize="characters"
                maxLength={12}
                value={code}
                onChange={(_e, data) => {
                  setCode(data.value);
                  setCodeError(undefined);
                }}
              />
            </Field>
          </>
        )}
        <FormMessage intent="error" message={formError} />
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
