import { Body1, Button, makeStyles, Spinner, Subtitle2, tokens } from '@fluentui/react-components';
import type { DisputeView, PhaseView } from '@ratkaisu/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../ui/Modal';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  text: { margin: 0 },
  files: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXL,
    maxHeight: '40vh',
    overflowY: 'auto',
    overflowWrap: 'anywhere',
  },
});

/** Who Save and Send tells: the respondent's invitation on the claim's first sending, else the other party. */
export function sendRecipients(
  t: TFunction,
  dispute: Pick<DisputeView, 'side' | 'claimant' | 'respondent' | 'counsel'>,
  phase: Pick<PhaseView, 'type'>,
): { invited: boolean; party: string; text: string } {
  if (phase.type === 'Claim') {
    const party = dispute.respondent.name;
    return {
      invited: true,
      party,
      text: t('firstUse.send.inviteRespondent', { party, email: dispute.respondent.email }),
    };
  }
  const otherSide = dispute.side === 'claimant' ? 'respondent' : 'claimant';
  const other = dispute[otherSide];
  const name = dispute.counsel?.[otherSide];
  const who = name ? t('firstUse.send.representative', { name, email: other.email }) : other.email;
  return {
    invited: false,
    party: other.name,
    text: t('firstUse.send.tellOther', {
      party: other.name,
      role: t(otherSide === 'claimant' ? 'firstUse.send.roleClaimant' : 'firstUse.send.roleRespondent'),
      who,
    }),
  };
}

export interface SendPhaseDialogProps {
  open: boolean;
  dispute: DisputeView;
  phase?: PhaseView;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Save and Send's confirmation: which files go, who is told, and that it cannot be undone
 * (docs/product.md section 4's warning), instead of a generic "Confirmation / Confirm".
 */
export function SendPhaseDialog({ open, dispute, phase, busy, onConfirm, onCancel }: SendPhaseDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const cancel = () => {
    if (!busy) onCancel();
  };
  const files = phase?.attachments ?? [];
  const recipients = phase ? sendRecipients(t, dispute, phase) : null;
  return (
    <Modal
      open={open}
      onClose={cancel}
      closeButton={false}
      title={t('firstUse.send.title', { phase: phase ? t(`phases.${phase.type}`) : '' })}
      actions={
        <>
          <Button
            appearance="primary"
            onClick={onConfirm}
            disabled={busy}
            icon={busy ? <Spinner size="tiny" /> : undefined}
            data-testid="send-confirm"
          >
            {t('firstUse.send.confirm')}
          </Button>
          <Button onClick={cancel} disabled={busy}>
            {t('modals.cancel')}
          </Button>
        </>
      }
    >
      <div className={styles.body} data-testid="send-dialog">
        <Subtitle2 as="h3" className={styles.heading}>
          {t('firstUse.send.filesHeading', { count: files.length })}
        </Subtitle2>
        <ul className={styles.files} data-testid="send-files">
          {files.map((file) => (
            <li key={file.id}>
              <Body1>{file.fileName}</Body1>
            </li>
          ))}
        </ul>
        {recipients ? (
          <>
            <Subtitle2 as="h3" className={styles.heading}>
              {t('firstUse.send.toldHeading')}
            </Subtitle2>
            <Body1 as="p" className={styles.text} data-testid="send-recipients">
              {recipients.text}
            </Body1>
          </>
        ) : null}
        <Body1 as="p" className={styles.text}>
          {t('cases.advanceWarning')}
        </Body1>
      </div>
    </Modal>
  );
}
