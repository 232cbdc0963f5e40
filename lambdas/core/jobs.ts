/**
 * The kinds of scheduled job the platform runs (lambdas/events/job-handlers.ts maps each to the domain module that
 * runs it). Declared here so a domain schedules a kind by name without importing the scheduled-job function.
 */
export type JobKind = 'sendEmail' | 'workflowRun' | 'memberImport';
