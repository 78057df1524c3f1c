/**
 * What a service may ask of the batch job runner, shaped like the AWS Batch queues the real
 * services submit to (spec section 4's statuses). Services get an implementation passed in
 * (server/jobs/runner.ts) and register a handler per job kind.
 */
export const JOB_STATUSES = ['SUBMITTED', 'PENDING', 'RUNNABLE', 'STARTING', 'RUNNING', 'SUCCEEDED', 'FAILED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const FINISHED_STATUSES: readonly JobStatus[] = ['SUCCEEDED', 'FAILED'];

export type JobParams = Record<string, unknown>;

export interface Job {
  id: string;
  kind: string;
  /** The job list's job_name column. */
  name: string;
  params: JobParams;
  status: JobStatus;
  /** Why it failed (the handler's error message, or the restart that interrupted it). */
  statusReason: string | null;
  result: unknown;
  createdAt: Date;
  startedAt: Date | null;
  stoppedAt: Date | null;
}

export interface JobContext {
  jobId: string;
  now: () => Date;
}

/** Runs one job; its resolved value (JSON) is kept as the result, a throw fails the job. */
export type JobHandler = (params: JobParams, context: JobContext) => unknown;

export interface JobRunner {
  /** A service registers each kind it submits, once, when it is created. */
  register(kind: string, handler: JobHandler): void;
  /** Queues a job (SUBMITTED) and returns its id. `params` must be JSON. */
  submit(kind: string, params?: JobParams, options?: { name?: string }): string;
  get(id: string): Job | undefined;
  /** Newest first. */
  list(filter?: { status?: JobStatus; kind?: string; limit?: number }): Job[];
  /**
   * Housekeeping on the runner's clock (an S3 lifecycle rule, a cleanup cron): `task` runs on the
   * first tick and then on the first tick at least `intervalMs` of the injected clock after its last
   * run. It is not a listed job; a throw is logged and retried on the next due tick.
   */
  every(name: string, intervalMs: number, task: (now: Date) => unknown): void;
}
