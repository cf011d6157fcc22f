import {
  caseTurn,
  type CaseTurn,
  CLAIMANT_PHASES,
  duplicateFileNames,
  duplicateFilesMessage,
  type DisputeView,
  type PhaseType,
  type PhaseView,
  RESPONDENT_PHASES,
} from '@ratkaisu/core';

export type Side = DisputeView['side'];

/** The accordion columns of the case page, newest phase first (docs/product.md section 2, Case page). */
export const PLAINTIFF_COLUMN: readonly PhaseType[] = [...CLAIMANT_PHASES].reverse();
export const RESPONDENT_COLUMN: readonly PhaseType[] = [...RESPONDENT_PHASES].reverse();

/** The side that acts in a phase; Resolution belongs to neither. */
export function phaseOwner(type: PhaseType): Side | null {
  if (CLAIMANT_PHASES.includes(type)) return 'claimant';
  if (RESPONDENT_PHASES.includes(type)) return 'respondent';
  return null;
}

/** The case's phase of `type`, if it has been reached (the latest one, should a type ever repeat). */
export function phaseOfType(phases: readonly PhaseView[], type: PhaseType): PhaseView | undefined {
  return phases.findLast((phase) => phase.type === type);
}

function time(value: Date | string): number {
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? 0 : ms;
}

/**
 * Where the case stands and whose move it is for the reader (core case-turn.ts, the function the server
 * uses for its views), from the case and the phases the page has just loaded.
 */
export function turnOfCase(dispute: DisputeView, phases: readonly PhaseView[]): CaseTurn {
  const active = phases.find((phase) => phase.id === dispute.activePhaseId);
  const resolution = phaseOfType(phases, 'Resolution');
  const newest = resolution
    ? [...resolution.attachments].sort((a, b) => time(b.dateCreated) - time(a.dateCreated))[0]
    : undefined;
  return caseTurn(
    {
      status: dispute.status,
      activePhaseType: active?.type ?? (resolution ? 'Resolution' : 'Claim'),
      ...(dispute.tribunal ? { tribunalStatus: dispute.tribunal.status } : {}),
      ...(newest
        ? {
            latestDecision: {
              ...(newest.status ? { status: newest.status } : {}),
              ...(newest.decisionKind ? { decisionKind: newest.decisionKind } : {}),
              ...(newest.acceptedBy ? { acceptedBy: newest.acceptedBy } : {}),
            },
          }
        : {}),
    },
    dispute.side,
  );
}

/**
 * Whether a chosen file is a PDF by what the browser knows of it: the name must end in .pdf and the
 * type must be application/pdf. An empty type passes, because some systems report none for PDFs;
 * the server checks the content anyway.
 */
export function looksLikePdf(file: { name: string; type: string }): boolean {
  return /\.pdf$/i.test(file.name.trim()) && (file.type === 'application/pdf' || file.type === '');
}

export type SelectionRefusal = { kind: 'notPdf'; names: string[] } | { kind: 'duplicate'; message: string };

/**
 * Why a selection cannot be uploaded, checked before any byte is sent (docs/product.md section 5): a file
 * that is not a PDF, or a name already in `existingNames` or repeated in the selection.
 */
export function refuseSelection(
  files: readonly { name: string; type: string }[],
  existingNames: readonly string[],
): SelectionRefusal | null {
  const notPdf = files.filter((file) => !looksLikePdf(file)).map((file) => file.name);
  if (notPdf.length > 0) return { kind: 'notPdf', names: notPdf };
  const clashes = duplicateFileNames(
    existingNames,
    files.map((file) => file.name),
  );
  if (clashes.length > 0) return { kind: 'duplicate', message: duplicateFilesMessage(clashes) };
  return null;
}

export type SizeUnitKey = 'sizeBytes' | 'sizeKilobytes' | 'sizeMegabytes';

/** A file size in the largest unit that keeps it readable, with one decimal above bytes. */
export function fileSizeParts(bytes: number): { key: SizeUnitKey; value: string } {
  if (bytes < 1024) return { key: 'sizeBytes', value: String(Math.max(0, Math.round(bytes))) };
  if (bytes < 1024 * 1024) return { key: 'sizeKilobytes', value: (bytes / 1024).toFixed(1) };
  return { key: 'sizeMegabytes', value: (bytes / (1024 * 1024)).toFixed(1) };
}
