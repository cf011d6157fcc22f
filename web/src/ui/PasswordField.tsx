import { Button, makeStyles } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from './TextField';

const useStyles = makeStyles({
  toggle: { whiteSpace: 'nowrap', flexShrink: 0 },
});

export interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  name?: string;
  autoComplete?: 'current-password' | 'new-password';
  required?: boolean;
  validationMessage?: string;
  hint?: string;
}

/** A password input with a show/hide toggle (docs/product.md section 2). */
export function PasswordField({ autoComplete = 'current-password', ...fieldProps }: PasswordFieldProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...fieldProps}
      type={shown ? 'text' : 'password'}
      autoComplete={autoComplete}
      contentAfter={
        <Button
          appearance="transparent"
          size="small"
          className={styles.toggle}
          onClick={() => setShown((current) => !current)}
          aria-pressed={shown}
        >
          {shown ? t('login.hidePassword') : t('login.showPassword')}
        </Button>
      }
    />
  );
}
