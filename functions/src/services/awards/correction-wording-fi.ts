import { NULLITY_NOTICE, periodWithin, type CorrectionKind } from '@ratkaisu/core';

/**
 * The Finnish wording of the documents §§ 38–39 of the Arbitration Act (967/1992) add to an award: a
 * correction of a clerical or calculation error, an interpretation, an additional award on a claim the award
 * did not decide. Beside award-wording-fi.ts (the award's own wording) so a lawyer reviews both together;
 * render-correction.ts only arranges these sentences. Each document is its own, signed and delivered like
 * the award; the award itself is never changed.
 */

export const CORRECTION_TITLES: Record<CorrectionKind, string> = {
  correction: 'VÄLITYSTUOMION KORJAUS',
  interpretation: 'VÄLITYSTUOMION TULKINTA',
  additionalAward: 'LISÄTUOMIO',
};

export const CORRECTION_HEADINGS = {
  award: 'Välitystuomio, jota päätös koskee',
  request: 'Asianosaisen pyyntö',
  comments: 'Vastapuolen lausuma',
  ownInitiative: 'Korjaus välimiesoikeuden omasta aloitteesta',
  decision: {
    correction: 'Korjaus',
    interpretation: 'Tulkinta',
    additionalAward: 'Lisätuomio',
  } satisfies Record<CorrectionKind, string>,
  signatures: 'Allekirjoitukset',
} as const;

export const REQUEST_KIND_TEXT: Record<CorrectionKind, string> = {
  correction:
    'välitystuomiossa olevan kirjoitus- tai laskuvirheen tai muun niihin rinnastettavan erehdyksen korjaamista',
  interpretation: 'välitystuomion tulkitsemista',
  additionalAward: 'lisätuomion antamista vaatimuksesta, jota välitystuomiossa ei ratkaistu',
};

export const SIDE_NAMES = { claimant: 'Kantaja', respondent: 'Vastaaja' } as const;

export const CORRECTION_TEXT = {
  refersTo: (caseNumber: string, date: string, sha256: string) =>
    `Tämä päätös koskee välimiesoikeuden asiassa ${caseNumber} ${date} antamaa välitystuomiota ` +
    `(PDF-asiakirjan SHA-256: ${sha256}). Välitystuomio pysyy muuttamattomana; tämä päätös luetaan yhdessä sen kanssa.`,
  request: (side: string, date: string, kind: CorrectionKind) =>
    `${side} pyysi ${date} ${REQUEST_KIND_TEXT[kind]} (välimiesmenettelystä annetun lain 38–39 §). Pyyntö kuului:`,
  commentsBy: (side: string, date: string) => `${side} lausui ${date}:`,
  noComments: (until: string) =>
    `Vastapuolelle varattiin tilaisuus lausua pyynnöstä ${until} mennessä. Se ei lausunut.`,
  ownInitiative:
    'Välimiesoikeus korjaa välitystuomiota omasta aloitteestaan välimiesmenettelystä annetun lain 38 §:n nojalla ' +
    '30 päivän kuluessa tuomion antamisesta.',
  electronic:
    'Päätös on allekirjoitettu sähköisesti Ratkaisu-palvelussa: kukin välimies on tunnistautunut uudelleen ' +
    'allekirjoittaessaan, ja allekirjoitus, sen aika sekä tämän asiakirjan SHA-256-tiiviste on kirjattu asian ' +
    'tarkastuslokiin.',
  notSigned: (name: string, reason: string) => `${name} ei allekirjoittanut päätöstä. Syy: ${reason}`,
  delivery:
    'Päätös toimitetaan kullekin asianosaiselle samalla tavalla kuin välitystuomio (välimiesmenettelystä annetun ' +
    'lain 37 §).',
} as const;

/**
 * The tribunal's decision rejecting a request (§§ 38–39): a document of its own, signed and delivered like the
 * award, because under § 41(3) the time for an action to set the award aside runs from a party's receipt of a
 * copy of the tribunal's decision on the request. LAWYER REVIEW: the titles, the operative sentence and the
 * § 41 notice (which follows docs/award-law.md's § 41 notice).
 */
export const REJECTION_TITLES: Record<CorrectionKind, string> = {
  correction: 'PÄÄTÖS VÄLITYSTUOMION KORJAAMISTA KOSKEVAAN PYYNTÖÖN',
  interpretation: 'PÄÄTÖS VÄLITYSTUOMION TULKITSEMISTA KOSKEVAAN PYYNTÖÖN',
  additionalAward: 'PÄÄTÖS LISÄTUOMIOTA KOSKEVAAN PYYNTÖÖN',
};

export const REJECTION_HEADINGS = {
  decision: 'Välimiesoikeuden päätös',
  reasons: 'Perustelut',
  challenge: 'Välitystuomion moittiminen',
} as const;

export const REJECTION_TEXT = {
  decision: (side: string, kind: CorrectionKind) =>
    `Välimiesoikeus hylkää ${side.toLowerCase()}n pyynnön, joka koski ${REQUEST_KIND_TEXT[kind]}. ` +
    'Välitystuomio pysyy sellaisena kuin se on annettu.',
  challenge:
    'Koska välitystuomion korjaamista, tulkintaa tai täydentämistä on pyydetty välimiesmenettelystä annetun lain ' +
    '38 tai 39 §:n mukaisesti, kanne välitystuomion kumoamiseksi lain 41 §:ssä säädetyillä perusteilla on ' +
    `nostettava käräjäoikeudessa ${periodWithin('setAside', 'fi', { document: 'tätä päätöstä' })}. ` +
    NULLITY_NOTICE.fi,
  electronic: CORRECTION_TEXT.electronic,
} as const;
