import { useState } from 'react';

/**
 * An admin table's delete flow: the row the confirmation asks about, and the
 * call once confirmed. The dialog closes when the call ends, whatever its outcome.
 */
export function useConfirmedDelete<T>(remove: (item: T) => Promise<void>, onError: (cause: unknown) => void) {
  const [pending, setPending] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (pending === null) return;
    setBusy(true);
    try {
      await remove(pending);
    } catch (cause) {
      onError(cause);
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  return {
    pending,
    busy,
    ask: (item: T) => setPending(item),
    /** For DeleteConfirmDialog. */
    dialogProps: {
      open: pending !== null,
      onConfirm: () => void confirm(),
      onCancel: () => setPending(null),
    },
  };
}
