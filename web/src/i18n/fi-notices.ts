import type { Translation } from './catalogue';
import type { enNotices } from './en-notices';

export const fiNotices: Translation<typeof enNotices> = {
  menuItem: 'Ilmoitukset',
  menuItemUnread_one: 'Ilmoitukset ({{count}} lukematon)',
  menuItemUnread_other: 'Ilmoitukset ({{count}} lukematonta)',
  unreadBadge_one: '{{count}} lukematon ilmoitus',
  unreadBadge_other: '{{count}} lukematonta ilmoitusta',
  title: 'Ilmoitukset',
  intro: 'Asioidesi jokainen käänne, kuten lähetämme sen myös sähköpostiisi. Avaa ilmoitus siirtyäksesi sen kohtaan.',
  empty: 'Ei vielä ilmoituksia. Kun jokin asioistasi odottaa sinua, se näkyy tässä.',
  unread: 'Lukematon',
  read: 'Luettu',
  open: 'Avaa',
  markRead: 'Merkitse luetuksi',
  markAllRead: 'Merkitse kaikki luetuiksi',
  close: 'Sulje',
  loadFailed: 'Ilmoituksia ei voitu ladata. Yritä myöhemmin uudelleen.',
  languageHeading: 'Sähköpostien ja ilmoitusten kieli',
  languageIntro:
    'Asioitasi koskevat sähköpostit ja ilmoitukset tulevat tällä kielellä. Näkymien kielen vaihtaminen vaihtaa myös tämän.',
  languageSaved: 'Tallennettu. Sähköpostien ja ilmoitusten kieli: {{language}}.',
  languageFailed: 'Kieltä ei voitu tallentaa. Yritä myöhemmin uudelleen.',
};
