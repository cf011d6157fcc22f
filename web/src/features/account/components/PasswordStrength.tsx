import { makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { PASSWORD_RECOMMENDED_LENGTH, passwordProblem } from '@ratkaisu/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
// Types only: the module itself is loaded with import() below.
import type * as PasswordStrengthModule from '../password-strength';

type StrengthModule = typeof PasswordStrengthModule;

let loading: Promise<StrengthModule> | undefined;

/** The estimator is loaded on first use only, so the sign-in page never pays for its dictionaries. */
function loadStrength(): Promise<StrengthModule> {
  loading ??= import('../password-strength');
  return loading;
}

const useStyles = makeStyles({
  meter: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
});

const COLORS = ['error', 'error', 'warning', 'success', 'success'] as const;

/**
 * A strength meter under a new password (register, reset and change password):
 * a bar and a word for zxcvbn's score, the policy's refusals (a common
 * password, one containing the username or email) as they will come from the
 * server, and the recommended length. Shown once something is typed.
 */
export function PasswordStrength({
  password,
  username,
  email,
}: {
  password: string;
  username?: string;
  email?: string;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [strength, setStrength] = useState<StrengthModule | undefined>(undefined);

  useEffect(() => {
    if (!password || strength) return;
    let live = true;
    loadStrength().then(
      (module) => live && setStrength(module),
      () => undefined, // The meter is advice only; the server still checks the password.
    );
    return () => {
      live = false;
    };
  }, [password, strength]);

  if (!password) return null;
  const userInputs = [username, email, email?.split('@')[0]].filter((input): input is string => !!input);
  const score = strength?.estimateStrength(password, userInputs).score;
  const problem = passwordProblem(password, { username, email, isCommon: strength?.isCommonPassword });
  const advice =
    problem === 'common' || problem === 'containsName'
      ? t(`passwordStrength.${problem}`)
      : [...password].length < PASSWORD_RECOMMENDED_LENGTH
        ? t('passwordStrength.recommendLength', { count: PASSWORD_RECOMMENDED_LENGTH })
        : undefined;

  return (
    <div className={styles.meter} data-testid="password-strength">
      <ProgressBar
        value={score === undefined ? 0 : (score + 1) / 5}
        color={score === undefined ? 'brand' : COLORS[score]}
        thickness="large"
        aria-label={t('passwordStrength.meterLabel')}
      />
      <Text size={200} aria-live="polite">
        {score === undefined
          ? t('passwordStrength.checking')
          : `${t('passwordStrength.label')}: ${t(`passwordStrength.level${score}`)}`}
        {advice ? ` — ${advice}` : ''}
      </Text>
    </div>
  );
}
