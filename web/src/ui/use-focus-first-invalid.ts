import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Moves focus to a form's first invalid field after a failed validation (WCAG 3.3.1): the
 * keyboard and screen-reader user lands on the field to fix, and hears its error (Fluent's Field
 * marks the control aria-invalid and describes it by the validation message).
 *
 * Call `focusFirstInvalid()` together with setting the errors: focus moves once the render that
 * shows them is on screen, to the first `aria-invalid="true"` control inside `formRef` — or, when `formRef`
 * is not attached (a dialog whose fields are not one form), inside the topmost open dialog.
 */
export function useFocusFirstInvalid<T extends HTMLElement = HTMLFormElement>() {
  const formRef = useRef<T>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests === 0) return;
    const root = formRef.current ?? [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].at(-1);
    root?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [requests]);
  const focusFirstInvalid = useCallback(() => setRequests((count) => count + 1), []);
  return { formRef, focusFirstInvalid };
}
