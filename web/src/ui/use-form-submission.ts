import { useState } from 'react';
import { errorMessage } from '../api/error-message';

/**
 * A form's call and its outcome: whether it is running (so the submit button
 * waits) and the message of its last failure, the server's own text when it
 * sent one, otherwise `fallbackMessage`.
 */
export function useFormSubmission(fallbackMessage: string) {
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  /** Runs `call`; `onFailure` sees the error too (e.g. for the server's per-field messages). */
  const runSubmission = async (call: () => Promise<void>, onFailure?: (error: unknown) => void): Promise<void> => {
    setSubmitting(true);
    setFormError(null);
    try {
      await call();
    } catch (error) {
      onFailure?.(error);
      setFormError(errorMessage(error, fallbackMessage));
    } finally {
      setSubmitting(false);
    }
  };

  return { submitting, formError, setFormError, runSubmission };
}
