import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The job a model call is made for, carried through the job's work without threading it through every
 * service (runJob sets it): the metered model books the call to the job's deployment and reconciles its
 * booking, and `notes` collects what the job's record should tell (a failover to another deployment).
 */
export interface JobCallContext {
  jobId: string;
  notes: string[];
}

const storage = new AsyncLocalStorage<JobCallContext>();

export function runWithJobCalls<T>(context: JobCallContext, work: () => Promise<T>): Promise<T> {
  return storage.run(context, work);
}

export function currentJobCalls(): JobCallContext | undefined {
  return storage.getStore();
}
