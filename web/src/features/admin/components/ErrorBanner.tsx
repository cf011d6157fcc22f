import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/** The admin screens' dismissible banner (docs/product.md section 8, Admin). */
export function Banner({
  message,
  intent = 'error',
  onDismiss,
}: {
  message: string;
  intent?: 'error' | 'success';
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  return (
    <MessageBar intent={intent} role={intent === 'error' ? 'alert' : 'status'} data-testid={`admin-${intent}`}>
      <MessageBarBody>{message}</MessageBarBody>
      <MessageBarActions
        containerAction={
          <Button appearance="transparent" size="small" aria-label={t('admin.dismiss')} onClick={onDismiss}>
            ×
          </Button>
        }
      />
    </MessageBar>
  );
}
