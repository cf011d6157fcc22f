import { Field, Input, type InputProps } from '@fluentui/react-components';

export interface TextFieldProps extends Omit<InputProps, 'value' | 'onChange' | 'required'> {
  label: string;
  value: string;
  /** Absent for a read-only field. */
  onChange?: (value: string) => void;
  required?: boolean;
  validationMessage?: string;
  hint?: string;
  /** For the field (label, input and message together); `className` styles the input. */
  fieldClassName?: string;
}

/** A labelled one-line input with its hint and validation message, the forms' common field. */
export function TextField({
  value,
  onChange,
  label,
  required = false,
  validationMessage,
  hint,
  fieldClassName,
  ...inputProps
}: TextFieldProps) {
  const fieldProps = { label, required, validationMessage, hint, className: fieldClassName };
  return (
    <Field {...fieldProps}>
      <Input {...inputProps} value={value} onChange={onChange && ((_event, data) => onChange(data.value))} />
    </Field>
  );
}
