import { MessageBar, MessageBarBody } from '@fluentui/react-components';

/**
 * A form's outcome above its fields: a failure is announced at once (role
 * alert), a success is shown quietly. Renders nothing without a message.
 */
export function FormMessage({
  intent,
  message,
  testId,
}: {
  intent: 'error' | 'success';
  message: string | null | undefined;
  testId?: string;
}) {
  if (!message) return null;
  return (
    // A role key, even undefined, would replace MessageBar's own default role ("group").
    <MessageBar intent={intent} {...(intent === 'error' ? { role: 'alert' } : {})} data-testid={testId}>
      <MessageBarBody>{message}</MessageBarBody>
    </MessageBar>
  );
}
