/**
 * Resolves once no modal dialog is open and `element` is no longer hidden from assistive technology
 * (or after `timeoutMs`). Fluent's focus manager (Tabster) hides the page behind a modal with
 * aria-hidden and restores it a moment after the modal closes; if the whole screen is replaced in that
 * moment (for example by signing out), the restore is lost and the next screen stays aria-hidden
 * (microsoft/tabster#530). Wait for this before such a change.
 */
export function whenModalsClosed(element: Element | null, timeoutMs = 2000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve) => {
    const check = () => {
      const settled =
        document.querySelector('[aria-modal="true"]') === null && !element?.closest('[aria-hidden="true"]');
      if (settled || Date.now() - started >= timeoutMs) resolve();
      else setTimeout(check, 50);
    };
    check();
  });
}
