import { describe, expect, it } from 'vitest';
import {
  periodInMail,
  periodLabel,
  periodWithin,
  STATUTORY_PERIOD_KINDS,
  STATUTORY_PERIODS,
  type DisplayLanguage,
  type StatutoryPeriodKind,
} from '@ratkaisu/core';
import * as award from '../../functions/src/services/awards/award-wording-fi.js';
import * as rejection from '../../functions/src/services/awards/correction-wording-fi.js';
import { renderNotice } from '../../functions/src/services/notices/notice-templates.js';

/**
 * One home for each period of the Arbitration Act (core/src/law/arbitration-act.ts): the § 37 mail, the case page's
 * after-care card and the award say the same words for the same period — its step, its length and its section.
 */

const CARD_KEYS = {
  correction: 'deadlineCorrection',
  feeChallenge: 'deadlineFeeChallenge',
  setAside: 'deadlineSetAside',
} as const satisfies Record<StatutoryPeriodKind, string>;

type Catalogue = Record<string, string>;

/**
 * The web's catalogues of the after-care card, loaded as the SPA bundles them (by path: the web resolves its
 * imports without extensions, which this project's type check does not follow).
 */
async function catalogue(language: DisplayLanguage): Promise<Catalogue> {
  const url = new URL(`../../web/src/i18n/${language}-corrections.ts`, import.meta.url).href;
  const module = (await import(/* @vite-ignore */ url)) as Record<string, Catalogue>;
  return module[`${language}Corrections`]!;
}

function deliveryMail(language: DisplayLanguage): string {
  const input = { caseName: 'Toimitusviive', caseNumber: 'RAT-2027-000001', link: 'http://localhost/case/1' };
  const mail = renderNotice('tribunalDelivered', language, { ...input, kind: 'award', fixesFees: true });
  return mail.text.replace(/\s+/g, ' ');
}

describe('each period of the Arbitration Act', () => {
  for (const language of ['en', 'fi'] as const) {
    it(`reads the same in the delivery mail and on the after-care card (${language})`, async () => {
      const card = await catalogue(language);
      const mail = deliveryMail(language);
      for (const kind of STATUTORY_PERIOD_KINDS) {
        const period = STATUTORY_PERIODS[kind];
        // The mail names the step with its length and section; the card opens its line with the same step and section.
        // The first period the mail lists names the Act before its section.
        expect(mail, kind).toContain(periodInMail(kind, language, kind === 'correction'));
        const line = card[CARD_KEYS[kind]]!.replace('{{date}}', '3.6.2027');
        expect(line.startsWith(periodLabel(kind, language)), kind).toBe(true);
        expect(line.toLowerCase(), kind).toContain(period.step[language].toLowerCase());
      }
    });
  }

  it('reads the same in the award’s notices, whose lengths are the mail’s and the card’s', async () => {
    const notices = [award.REQUEST_NOTICE(false), award.FEE_NOTICE(false, 'kohdassa 4'), award.CHALLENGE_NOTICE];
    expect(notices[0]).toContain(periodWithin('correction', 'fi', { receiver: 'se' }));
    expect(notices[1]).toContain(periodWithin('feeChallenge', 'fi'));
    expect(notices[2]).toContain(periodWithin('setAside', 'fi'));
    expect(rejection.REJECTION_TEXT.challenge).toContain(periodWithin('setAside', 'fi', { document: 'tätä päätöstä' }));
    for (const kind of STATUTORY_PERIOD_KINDS) {
      const period = STATUTORY_PERIODS[kind];
      expect(deliveryMail('fi')).toContain(period.term.fi);
      expect(notices.join(' ')).toContain(`${period.within.fi} kuluessa`);
    }
    // The card's request dialog states the § 38–39 length in the same words.
    expect((await catalogue('en')).requestIntro).toContain(
      `Within ${STATUTORY_PERIODS.correction.within.en} of receiving`,
    );
    expect((await catalogue('fi')).requestIntro).toContain(`${STATUTORY_PERIODS.correction.within.fi} kuluessa`);
  });
});
