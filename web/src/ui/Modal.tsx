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

/** How many dialogs have opened so far: a focus return still pending when another dialog opens is dropped. */
let dialogsOpened = 0;

/**
 * Gives the focus back to the control that opened a dialog when it closes. Fluent's Dialog does this only for
 * a DialogTrigger; these dialogs open from state, so the opener (the focused element when `open` turns true,
 * read during that render, before the dialog moves the focus in) is remembered and focused again once the
 * dialog has gone — unless the focus has meanwhile been put somewhere on purpose. An opener that has left
 * the page (a button replaced by a success message) leaves the focus where the page puts it.
 *
 * The return is tried again after Fluent's exit motion; if a dialog has opened meanwhile (the same one
 * reopened at once), the focus stays in it. Pulled out to the opener, the focus would leave the open modal
 * as if on purpose, and Tabster would then mark that dialog aria-hidden: open on screen, gone for a screen
 * reader.
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current) {
    const active = typeof document === 'undefined' ? null : document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }
  wasOpen.current = open;
  useEffect(() => {
    if (!open) return;
    dialogsOpened += 1;
    return () => {
      const target = opener.current;
      opener.current = null;
      if (!target) return;
      const openedBeforeClosing = dialogsOpened;
      const restore = () => {
        if (dialogsOpened !== openedBeforeClosing) return;
        const active = document.activeElement;
        const lost = !active || active === document.body || !active.isConnected || active.closest('[role="dialog"]');
        if (lost && target.isConnected) target.focus({ preventScroll: true });
      };
      // Now and after Fluent has taken the surface away (its exit motion keeps it a moment).
      restore();
      setTimeout(restore, 0);
      setTimeout(restore, 300);
    };
  }, [open]);
}

/**
 * A modal dialog: focus stays inside, Escape closes it, the focus goes back to the control that opened it,
 * and the page behind does not scroll while it is open (docs/product.md section 2, "Other modals").
 */
export function Modal({ open, onClose, title, children, actions, size = 'normal', closeButton = true }: ModalProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  useScrollLock(open);
  const surfaceRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useReturnFocus(open);

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
