import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { AwardView } from '@ratkaisu/core';
import { useTranslation } from 'react-i18next';
import type { AwardDraft } from '../use-award-draft';

/**
 * What the review screen says under its bar: the last action's outcome, a newer version beside the member's
 * unsaved text, and that an adopted or issued award is read-only.
 */
export function ReviewNotices({ award, draft }: { award: AwardView; draft: AwardDraft }) {
  const { t } = useTranslation();
  const { notice, newer } = draft;
  const newestVersion = award.versions.find((version) => version.version === newer?.version);
  return (
    <>
      {notice ? (
        <MessageBar intent={notice.intent} role={notice.intent === 'success' ? 'status' : 'alert'}>
          <MessageBarBody>{notice.text}</MessageBarBody>
        </MessageBar>
      ) : null}
      {newer ? (
        <MessageBar intent="warning" data-testid="newer-version">
          <MessageBarBody>
            <MessageBarTitle>
              {t('tribunal.staleTitle', { version: newer.version, name: newestVersion?.savedBy.name ?? '' })}
            </MessageBarTitle>
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={draft.takeNewer}>{t('tribunal.staleUseTheirs')}</Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      {award.status !== 'Draft' ? (
        <MessageBar intent="info">
          <MessageBarBody>{t('tribunal.readOnly')}</MessageBarBody>
        </MessageBar>
      ) : null}
    </>
  );
}
