import { TextField } from '../../../ui/TextField';

/** A field's value and its setter, as useState returns them. */
export type FieldState = readonly [string, (value: string) => void];

/** What every account field takes; the label differs by screen. */
interface AccountFieldProps {
  label: string;
  state: FieldState;
  validationMessage?: string;
  hint?: string;
}

/** The required username of sign-in and registration, offered for the browser's autofill. */
export function UsernameField({ state: [value, onChange], ...props }: AccountFieldProps) {
  return <TextField {...props} value={value} onChange={onChange} required name="username" autoComplete="username" />;
}

/** The required email address of registration and forgot password. */
export function EmailField({
  state: [value, onChange],
  readOnly,
  ...props
}: AccountFieldProps & { readOnly?: boolean }) {
  return (
    <TextField
      {...props}
      value={value}
      onChange={readOnly ? undefined : onChange}
      readOnly={readOnly}
      // A bound address looks fixed, not merely unfocused.
      {...(readOnly ? { appearance: 'filled-darker' as const } : {})}
      required
      name="email"
      type="email"
      autoComplete="email"
    />
  );
}

/**
 * A required two-factor code — the app's six digits or a recovery code — filled
 * from the device's one-time codes where it offers them. `name` tells apart two such fields on one page.
 */
export function TfaCodeField({
  state: [value, onChange],
  name = 'tfaCode',
  ...props
}: AccountFieldProps & { name?: string; hint?: string }) {
  return (
    <TextField
      {...props}
      value={value}
      onChange={onChange}
      required
      name={name}
      // Text, not numeric: a recovery code ("K7QD9-X2MPL") goes in the same field as the app's six digits.
      autoCapitalize="characters"
      autoComplete="one-time-code"
    />
  );
}
