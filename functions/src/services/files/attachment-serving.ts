import type { CaseRole, DisputeDocument, PhaseAttachment } from '../disputes/dispute-document.js';

/**
 * What serving a phase's file asks of the domains whose documents some of those files are. The handler
 * (handlers/files.ts) passes it in, so files/ serves any PDF and knows nothing of awards or decisions.
 */
export interface AttachmentServing {
  /**
   * The bytes a download of the file serves, read from its blob `blobName` in 'attachments' unless its
   * document is kept elsewhere (an issued or sealed record's write-once original); undefined when there are none.
   */
  read(blobName: string | undefined, document: { disputeId: string; documentId: string }): Promise<Buffer | undefined>;
  /** The file is being served to a side's person (a decision's first download is its receipt); never throws. */
  served(download: {
    dispute: DisputeDocument;
    role: CaseRole;
    attachment: PhaseAttachment;
    userId: string;
    email?: string;
  }): Promise<void>;
}
