import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useFocusFirstInvalid } from '../../ui/use-focus-first-invalid';
import { useFormSubmission } from '../../ui/use-form-submission';
import { issuesByField, serverFieldErrors } from './form-errors';

/** The form's fields that hold text. */
type TextFieldOf<TForm> = { [K in keyof TForm]: TForm[K] extends string ? K : never }[keyof TForm] & string;

export interface AdminFormOptions<TForm, TBody> {
  open: boolean;
  /** The record being edited, null to create one; the form starts afresh when it or `open` changes. */
  record: unknown;
  /** The form's starting values; read when the form (re)starts, never on later renders. */
  initialForm: () => TForm;
  /** The request body the form's values make. */
  toBody: (form: TForm) => TBody;
  /** Core's schema for the body, the same the server checks it with. */
  schema: z.ZodType;
  save: (body: TBody) => Promise<void>;
  onClose: () => void;
}

/**
 * The state of the tenant and user forms: values, per-field messages (core's
 * schema before sending, the server's after a refusal), the save's failure,
 * and a close that waits for a running save.
 */
export function useAdminForm<TForm extends object, TBody>({
  open,
  record,
  initialForm,
  toBody,
  schema,
  save,
  onClose,
}: AdminFormOptions<TForm, TBody>) {
  const { t } = useTranslation();
  const [form, setForm] = useState<TForm>(initialForm);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const { submitting: saving, formError, setFormError, runSubmission } = useFormSubmission(t('admin.genericError'));
  // Focus goes to the first field with a message, in whichever form was submitted (WCAG 3.3.1).
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();

  // A reloaded list behind the form (e.g. the tenants) must not wipe what is being typed.
  const initialFormRef = useRef(initialForm);
  initialFormRef.current = initialForm;
  useEffect(() => {
    if (!open) return;
    setForm(initialFormRef.current());
    setFieldErrors({});
    setFormError(null);
  }, [open, record, setFormError]);

  const setField = <K extends keyof TForm>(field: K, value: TForm[K]) => setForm((old) => ({ ...old, [field]: value }));

  /** What a TextField needs to show and edit `field`, with its message. */
  const textField = (field: TextFieldOf<TForm>) => ({
    value: form[field] as string,
    onChange: (value: string) => setField(field, value as TForm[typeof field]),
    validationMessage: fieldErrors[field],
  });

  const close = () => {
    if (!saving) onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    formRef.current = event.currentTarget;
    const body = toBody(form);
    const checked = schema.safeParse(body);
    if (!checked.success) {
      setFieldErrors(issuesByField(checked.error));
      focusFirstInvalid();
      return;
    }
    setFieldErrors({});
    await runSubmission(
      () => save(body),
      (error) => {
        setFieldErrors(serverFieldErrors(error));
        focusFirstInvalid();
      },
    );
  };

  return { form, setField, textField, fieldErrors, formError, saving, close, submit };
}
