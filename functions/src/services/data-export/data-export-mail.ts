import { DATA_EXPORT_VALID_HOURS } from '@ratkaisu/core';
import type { MailMessage } from '../../ports/mailer.js';
import { displayName, type UserDocument } from '../../records/user-document.js';
import { personalMailIn } from '../accounts/personal-mail.js';

/** "Your copy is ready": to whoever asked, in their language, with the page that downloads it. */
export function dataExportReadyMail(
  to: Pick<UserDocument, 'email' | 'fullName' | 'userName' | 'language'>,
  link: string,
): MailMessage {
  return personalMailIn(to.email, displayName(to), to.language, {
    en: {
      subject: 'Your copy of your data is ready',
      parts: [
        'The copy of your data in Ratkaisu that you asked for is ready.',
        { link, label: 'Download the copy' },
        `It can be downloaded for ${DATA_EXPORT_VALID_HOURS} hours, only when signed in to the same account.`,
      ],
    },
    fi: {
      subject: 'Tietojesi kopio on valmis',
      parts: [
        'Pyytämäsi kopio Ratkaisu-palvelun tiedoista on valmis.',
        { link, label: 'Lataa kopio' },
        `Kopion voi ladata ${DATA_EXPORT_VALID_HOURS} tunnin ajan, vain samalla tilillä kirjautuneena.`,
      ],
    },
  });
}
