import type { DispositiveOrder } from '@ratkaisu/core';
import type { ChatMessage, Model } from '../ports/model.js';
import type { GoldCase, GoldClaim } from './gold-case.js';

/**
 * A fake model that writes the gold decision of an evaluation case — every claim decided as the gold
 * decides it, the facts with the pages that prove them, the statutes that apply, the dispositive part
 * consistent with chapter 6 — with defects seeded on request. It proves the metrics (metrics.test.ts):
 * the clean draft scores full marks, and each defect lowers its own metric and no other. The contract
 * test serves the same answers from the fake OpenAI server, to run `--base-url` end to end.
 */
export const SEEDED_DEFECTS = [
  'wrongAmount',
  'inventedPrecedent',
  'undecidedClaim',
  'obeyedInstruction',
  'cutChapter',
] as const;
export type SeededDefect = (typeof SEEDED_DEFECTS)[number];

export function createSeededModel(cases: readonly GoldCase[], defects: readonly SeededDefect[] = []): Model {
  return {
    kind: 'openai-compatible',
    writesLegalText: true,
    async complete(request) {
      request.signal?.throwIfAborted();
      const text = seededAnswer(cases, request.messages, defects);
      request.onPrefilled?.();
      return { text, model: 'seeded-gold', finishReason: 'stop' };
    },
  };
}

/** The answer to one call of the decision pipeline: the chapter the last message asks for, of the case named. */
export function seededAnswer(
  cases: readonly GoldCase[],
  messages: readonly Pick<ChatMessage, 'content'>[],
  defects: readonly SeededDefect[] = [],
): string {
  const all = messages.map((message) => message.content).join('\n');
  const gold = cases.find((candidate) => all.includes(`Asian nimi: ${candidate.caseName}`));
  if (!gold) return 'Tuntematon asia.';
  const last = messages.at(-1)?.content ?? '';
  const chapter = /^##\s+(\d)\.\s/mu.exec(last);
  if (!chapter) return 'Tiivistelmä.';
  return CHAPTERS[Number(chapter[1]) - 1]?.(gold, new Set(defects)) ?? '';
}

/** Each chapter's last sentence, its own so that no sentence repeats across chapters; a cut chapter ends inside it. */
function end(text: string, chapter: number, cut = false): string {
  const closing = `Muuta lausuttavaa ei luvun ${chapter} osalta ole.`;
  return `${text}\n\n${cut ? closing.slice(0, 24) : closing}`;
}

function euros(cents: number): string {
  const whole = Math.floor(cents / 100);
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return cents % 100 === 0 ? grouped : `${grouped},${String(cents % 100).padStart(2, '0')}`;
}

function finnishDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${Number(day)}.${Number(month)}.${year}`;
}

function fact(gold: GoldCase, label: string): { value: string; ref: string } | undefined {
  return gold.gold.facts.find((item) => item.label === label);
}

const payments = (gold: GoldCase) => gold.gold.claims.filter((claim) => claim.kind === 'payment');

type Chapter = (gold: GoldCase, defects: ReadonlySet<SeededDefect>) => string;

const CHAPTERS: Chapter[] = [
  (gold) => {
    const [signed, businessId] = gold.gold.facts;
    return end(
      [
        `Kantajana on ${gold.claimant.name} ja vastaajana ${gold.respondent.name}, jonka Y-tunnus on ${businessId!.value} [${businessId!.ref}].`,
        `Osapuolet ovat allekirjoittaneet sopimuksen ${signed!.value} [${signed!.ref}].`,
      ].join(' '),
      1,
    );
  },
  (gold) => {
    const lines = payments(gold).map((claim) => {
      const amount = fact(gold, `${claim.label} ja eräpäivä`)!;
      const due = fact(gold, `${claim.label}: eräpäivä`)!;
      return `- Kantaja vaatii suoritusta (${claim.label}) ${amount.value} euroa, ja sen eräpäivä oli ${due.value} [${amount.ref}].`;
    });
    const setOff = fact(gold, 'kuittausvaatimus');
    if (setOff) lines.push(`- Vastaaja esittää kuittausvaatimuksena ${setOff.value} euroa [${setOff.ref}].`);
    return end(lines.join('\n'), 2);
  },
  (gold) =>
    end(
      payments(gold)
        .map(
          (claim, index) =>
            `${index + 1}. Onko vastaaja velvollinen suorittamaan kantajalle vaaditun suorituksen (${claim.label})?`,
        )
        .join('\n'),
      3,
    ),
  (gold, defects) => end(`Maksumuistutuksen mukaan ”${gold.gold.reasoning}” [K2 s.2]`, 4, defects.has('cutChapter')),
  (gold, defects) => {
    const lines = payments(gold).map((claim) =>
      claim.awardedCents > 0
        ? `Vaatimus (${claim.label}) on aiheellinen siltä osin kuin se hyväksytään luvussa 6.`
        : `Vaatimus (${claim.label}) on perusteeton.`,
    );
    const canary = gold.gold.traps.find((trap) => trap.kind === 'hidden-instruction');
    if (defects.has('obeyedInstruction') && canary) lines.push(`${canary.canary}.`);
    return end(lines.join(' '), 5);
  },
  (gold, defects) => {
    const orders = dispositive(gold, defects);
    const text = orders.map((order, index) => `${index + 1}. ${order.text}`).join('\n');
    return `${end(text, 6)}\n\n\`\`\`json\n${JSON.stringify({ orders })}\n\`\`\``;
  },
  (gold, defects) => {
    const lines = gold.gold.statutes.map((statute) => `- ${capitalise(statute)}: sovellettu ratkaisussa.`);
    if (defects.has('inventedPrecedent')) lines.push('- KKO 2024:99: sovellettu vahingon määrään.');
    else lines.push('- Oikeuskäytäntöön ei ole ratkaisussa nojauduttu.');
    return end(lines.join('\n'), 7);
  },
];

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The gold decision's orders, in the order of the claims, with the seeded defects. */
function dispositive(gold: GoldCase, defects: ReadonlySet<SeededDefect>): DispositiveOrder[] {
  let claims: GoldClaim[] = [...gold.gold.claims];
  if (defects.has('undecidedClaim')) {
    const last = claims.filter((claim) => claim.kind === 'payment').at(-1)!;
    claims = claims.filter((claim) => claim !== last);
  }
  const wrong = defects.has('wrongAmount') ? claims.find((claim) => claim.awardedCents > 0) : undefined;
  return claims.map((claim): DispositiveOrder => {
    const amountCents = claim.awardedCents + (claim === wrong ? 10_000 : 0);
    if (claim.kind === 'costs') {
      const [debtor, creditor] =
        claim.by === 'claimant' ? (['respondent', 'claimant'] as const) : (['claimant', 'respondent'] as const);
      const payer = debtor === 'respondent' ? 'Vastaaja' : 'Kantaja';
      const payee = creditor === 'claimant' ? 'kantajan' : 'vastaajan';
      return {
        kind: 'costs',
        debtor,
        creditor,
        amountCents,
        references: [],
        text: `${payer} velvoitetaan korvaamaan ${payee} oikeudenkäyntikulut ${euros(amountCents)} eurolla.`,
      };
    }
    if (claim.awardedCents === 0)
      return { kind: 'dismissal', references: [], text: `Kantajan vaatimus (${claim.label}) hylätään.` };
    return {
      kind: 'payment',
      references: [],
      debtor: 'respondent',
      creditor: 'claimant',
      amountCents,
      ...(claim.interest ? { interest: { basis: claim.interest.basis, from: claim.interest.from } } : {}),
      text:
        `Vastaaja velvoitetaan suorittamaan kantajalle (${claim.label}) ${euros(amountCents)} euroa` +
        (claim.interest
          ? ` korkolain 4 §:n 1 momentin mukaisine viivästyskorkoineen ${finnishDate(claim.interest.from)} lukien.`
          : '.'),
    };
  });
}
