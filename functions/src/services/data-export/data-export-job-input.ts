import { z } from 'zod';

/** What a copy of a person's data needs: whose data, who asked (the person or an administrator), and why. */
export const dataExportJobInputSchema = z.object({
  subjectUserId: z.string().min(1),
  requestedBy: z.object({ userId: z.string().min(1), administrator: z.boolean() }),
  /** An administrator's copy: the data-subject request it answers. */
  reason: z.string().optional(),
});
export type DataExportJobInput = z.infer<typeof dataExportJobInputSchema>;

/** Where a finished copy is kept until it expires: in 'results', under the job's id. */
export function dataExportBlobName(jobId: string): string {
  return `data-export/${jobId}.zip`;
}
