import { Body1, Card, makeStyles, Radio, RadioGroup, Subtitle1, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGES, setLanguage, type Language } from '../../../i18n/i18n';
import { useAuthStore } from '../../../stores/auth-store';
import { FormMessage } from '../../../ui/FormMessage';
import { saveAccountLanguage } from '../api/language';

const useStyles = makeStyles({
  card: { padding: tokens.spacingVerticalXL, gap: tokens.spacingVerticalM, marginBottom: tokens.spacingVerticalXL },
  heading: { margin: 0 },
  muted: { margin: 0, color: tokens.colorNeutralForeground3 },
});

/**
 * The account's language: the one mails and in-app notices use, shown and chosen here; choosing it
 * switches the screens too, as the menu's language switch saves it for the account.
 */
export function AccountLanguageCard() {
  const { t } = useTranslation();
  const styles = useStyles();
  const stored = useAuthStore((state) => state.language);
  const value: Language = stored ?? currentLanguage();
  const [message, setMessage] = useState<{ intent: 'success' | 'error'; text: string } | undefined>();

  const choose = async (language: Language) => {
    setMessage(undefined);
    const saved = await saveAccountLanguage(language);
    await setLanguage(language);
    setMessage(
      saved
        ? { intent: 'success', text: t('notices.languageSaved', { language: t(`language.${language}`) }) }
        : { intent: 'error', text: t('notices.languageFailed') },
    );
  };

  return (
    <Card className={styles.card} role="region" aria-labelledby="account-language-heading">
      <Subtitle1 as="h2" id="account-language-heading" className={styles.heading}>
        {t('notices.languageHeading')}
      </Subtitle1>
      <Body1 as="p" className={styles.muted}>
        {t('notices.languageIntro')}
      </Body1>
      <FormMessage intent={message?.intent ?? 'success'} testId="account-language-message" message={message?.text} />
      <RadioGroup
        layout="horizontal"
        value={value}
        aria-labelledby="account-language-heading"
        onChange={(_, data) => void choose(data.value as Language)}
        data-testid="account-language"
      >
        {LANGUAGES.map((language) => (
          <Radio key={language} value={language} label={t(`language.${language}`)} lang={language} />
        ))}
      </RadioGroup>
    </Card>
  );
}
