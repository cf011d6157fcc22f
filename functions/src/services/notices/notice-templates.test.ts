import { describe, expect, it } from 'vitest';
import { renderNotice } from './notice-templates.js';

const facts = { caseName: 'Toimitusviive', link: 'http://localhost/case-attachment/1' };

describe('the invitation and phase mails (docs/product.md section 9)', () => {
  it('write the due date as the screens do, in Helsinki time, never as a UTC date', () => {
    // 22:30 UTC on 8 December is 9 December in Helsinki: the screen shows 9.12.2026.
    const invitation = renderNotice('caseInvitation', 'en', {
      ...facts,
      claimantName: 'Kantaja Oy',
      dueDate: '2026-12-08T22:30:00.000Z',
    });
    expect(invitation.text).toContain('until 9.12.2026, 00:30 (Helsinki time).');
    expect(invitation.text).not.toContain('UTC');

    const started = renderNotice('phaseStarted', 'en', {
      ...facts,
      phase: 'Response',
      dueDate: '2026-07-01T09:15:00.000Z',
    });
    expect(started.text).toContain('The phase is due on 1.7.2026, 12:15 (Helsinki time).');
  });

  it('keep docs/product.md’s English subjects and give a Finnish recipient the same facts in Finnish', () => {
    const en = renderNotice('caseInvitation', 'en', { ...facts, claimantName: 'Kantaja Oy' });
    expect(en.subject).toBe('A case has been opened with you on Ratkaisu: Toimitusviive');
    expect(en.text).toContain(
      'Kantaja Oy has filed its claim in the case "Toimitusviive" on Ratkaisu and named you as the respondent\'s representative.',
    );
    const fi = renderNotice('caseInvitation', 'fi', {
      ...facts,
      claimantName: 'Kantaja Oy',
      dueDate: '2026-12-08T22:30:00.000Z',
    });
    expect(fi.subject).toBe('Kanssanne on avattu asia Ratkaisu-palvelussa: Toimitusviive');
    expect(fi.text).toContain('nimennyt teidät vastaajan edustajaksi');
    expect(fi.text).toContain(facts.link);
    expect(fi.text).not.toContain('Helsinki time');

    expect(renderNotice('phaseStarted', 'en', { ...facts, phase: 'ClaimantLetter1' }).subject).toBe(
      'Ratkaisu case "Toimitusviive": Claimant Letter 1 phase has started',
    );
    const started = renderNotice('phaseStarted', 'fi', { ...facts, phase: 'ClaimantLetter1' });
    expect(started.subject).toBe('Ratkaisu, asia "Toimitusviive": vaihe Kantajan lausuma 1 on alkanut');
    expect(started.summary).toBe('Vaihe Kantajan lausuma 1 on alkanut.');
  });
});

describe('the constitution’s mails', () => {
  it('keep the former English and give a Finnish recipient Finnish', () => {
    const size = { ...facts, outcome: 'Lapsed' as const };
    expect(renderNotice('tribunalSizeAnswered', 'en', size)).toMatchObject({
      subject: 'Ratkaisu case "Toimitusviive": the size of the tribunal',
      text: expect.stringContaining(
        'The other party did not answer the request for three arbitrators within the period, so the tribunal is a sole arbitrator.',
      ),
    });
    expect(renderNotice('tribunalSizeAnswered', 'fi', size).text).toContain('joten välimiehiä on yksi');

    const challenge = { ...facts, arbitrator: 'OTT Eero Esko', step: 'Rejected' as const, reasons: 'Ei perusteita.' };
    const en = renderNotice('arbitratorChallenge', 'en', challenge);
    expect(en.subject).toBe('Ratkaisu case "Toimitusviive": challenge of an arbitrator');
    expect(en.text).toContain('The challenge of OTT Eero Esko was rejected.\n\nReasons: Ei perusteita.');
    const fi = renderNotice('arbitratorChallenge', 'fi', challenge);
    expect(fi.text).toContain('Esteellisyysväite välimiestä OTT Eero Esko vastaan hylättiin.');
    expect(fi.text).toContain('Perustelut: Ei perusteita.');

    // 22:30 UTC on 16 March is 17 March in Helsinki.
    const matter = {
      ...facts,
      party: 'claimant' as const,
      kind: 'correction' as const,
      answerBy: '2027-03-16T22:30:00Z',
    };
    expect(renderNotice('newMatter', 'en', matter).subject).toBe(
      'Ratkaisu case "Toimitusviive": please answer by 17.3.2027',
    );
    const matterFi = renderNotice('newMatter', 'fi', matter);
    expect(matterFi.subject).toBe('Ratkaisu, asia "Toimitusviive": vastatkaa 17.3.2027 mennessä');
    expect(matterFi.text).toContain('Kantaja korjasi yhteenvedon vaatimuksistaan');
  });
});

describe('the steps of a request under §§ 38–39', () => {
  it('keep the former English and give a Finnish recipient Finnish', () => {
    const step = {
      ...facts,
      caseNumber: 'RAT-2027-000001',
      step: 'rejected' as const,
      requestSide: 'respondent' as const,
      kind: 'correction' as const,
      reasons: 'Virhettä ei ole.',
    };
    const en = renderNotice('correctionStep', 'en', step);
    expect(en.subject).toBe(
      'Ratkaisu case RAT-2027-000001: the tribunal has rejected a request for a correction of a clerical or calculation error',
    );
    expect(en.text).toContain(
      "The tribunal has rejected the respondent's request for a correction of a clerical or calculation error. Its reasons:\n\nVirhettä ei ole.",
    );
    const fi = renderNotice('correctionStep', 'fi', step);
    expect(fi.subject).toBe('Ratkaisu, asia "Toimitusviive" (RAT-2027-000001): välimiesoikeus on hylännyt pyynnön');
    expect(fi.text).toContain(
      'Välimiesoikeus on hylännyt vastaajan pyynnön (kirjoitus- tai laskuvirheen korjaamista).',
    );
    expect(fi.text).toContain('41 §');
    expect(fi.summary).toBe('Välimiesoikeus on hylännyt pyynnön.');
  });
});

describe('the § 37 delivery mail', () => {
  it('quotes the receipt button as the card names it and the periods in the card’s words, § 47 only with a fees order', () => {
    const award = { ...facts, caseNumber: 'RAT-2027-000001', kind: 'award' as const };
    const fi = renderNotice('tribunalDelivered', 'fi', { ...award, fixesFees: true }).text.replace(/\s+/g, ' ');
    expect(fi).toContain('("Olen vastaanottanut tuomion")');
    expect(fi).toContain('pyyntö tuomion korjaamisesta, tulkitsemisesta tai lisätuomiosta');
    expect(fi).toContain('hakemus välimiesten palkkiosta käräjäoikeudelle (60 päivää, 47 §)');
    expect(fi).toContain('kanne välitystuomion kumoamiseksi (3 kuukautta, 41 §)');
    expect(fi).not.toContain('moite');
    const noFees = renderNotice('tribunalDelivered', 'en', award).text;
    expect(noFees).toContain('("I have received the award")');
    expect(noFees).not.toContain('§ 47');
    const document = renderNotice('tribunalDelivered', 'en', { ...award, kind: 'correction' as const }).text;
    expect(document).toContain('("I have received this document")');
  });
});

describe('the claims summary’s mail', () => {
  it('asks a party to confirm its claims and tells an arbitrator only that the parties are asked', () => {
    const summary = { ...facts, caseNumber: 'RAT-2027-000001', version: 2 };
    expect(renderNotice('claimsExtracted', 'en', summary).subject).toContain('confirm the summary of your claims');
    for (const language of ['en', 'fi'] as const) {
      const tribunal = renderNotice('claimsExtracted', language, { ...summary, audience: 'tribunal' as const });
      expect(`${tribunal.subject}\n${tribunal.text}`).not.toMatch(/your claims|vaatimuksistanne/);
    }
    expect(renderNotice('claimsExtracted', 'fi', { ...summary, audience: 'tribunal' as const }).subject).toContain(
      'yhteenveto vaatimuksista on valmis',
    );
  });
});
