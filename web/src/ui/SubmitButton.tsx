import { Button, Spinner, type ButtonProps } from '@fluentui/react-components';
import type { ReactNode } from 'react';

export interface SubmitButtonProps {
  /** While the form's call runs: disabled, with a spinner, so it is not sent twice. */
  busy: boolean;
  children: ReactNode;
  /** The form it submits, when the button stands outside it (a modal's action bar). */
  form?: string;
  size?: ButtonProps['size'];
  className?: string;
}

/** A form's primary submit button. */
export function SubmitButton({ busy, children, form, size, className }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      appearance="primary"
      form={form}
      size={size}
      className={className}
      disabled={busy}
      icon={busy ? <Spinner size="tiny" /> : undefined}
    >
      {children}
    </Button>
  );
}
