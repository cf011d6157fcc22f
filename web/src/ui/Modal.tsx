import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  mergeClasses,
} from '@fluentui/react-components';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useScrollLock } from './use-scroll-lock';

const useStyles = makeStyles({
  surface: { maxWidth: '480px', width: 'calc(100vw - 32px)', boxSizing: 'border-box' },
  wide: { maxWidth: '640px' },
});

export interface ModalProps {
  open: boolean;
  /** Called on Escape, a click outside, and the close button. */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom; without them the dialog shows only its content and a close button. */
  actions?: ReactNode;
  size?: 'normal' | 'wide';
  /** Whether to show the close (×) button in the title. */
  closeButton?: boolean;
}

/**
 * A modal dialog: focus stays inside, Escape closes it, and the page behind does not scroll
 * while it is open (SPEC.md section 2, "Other modals").
 */
export function Modal({ open, onClose, title, children, actions, size = 'normal', closeButton = true }: ModalProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  useScrollLock(open);
  const surfaceRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // The dialog handles Escape pressed inside it; this covers focus that fell out of it, e.g. onto the
  // page body when the focused button was replaced by a success message.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (event.target instanceof Node && surfaceRef.current?.contains(event.target)) return;
      onCloseRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
  return (
    <Dialog
      open={open}
      modalType="modal"
      onOpenChange={(_event, data) => {
        if (!data.open) onClose();
      }}
    >
      <DialogSurface ref={surfaceRef} className={mergeClasses(styles.surface, size === 'wide' && styles.wide)}>
        <DialogBody>
          <DialogTitle
            action={
              closeButton ? (
                <Button appearance="subtle" aria-label={t('modals.close')} onClick={onClose}>
                  ×
                </Button>
              ) : null
            }
          >
            {title}
          </DialogTitle>
          <DialogContent>{children}</DialogContent>
          {actions ? <DialogActions>{actions}</DialogActions> : null}
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
