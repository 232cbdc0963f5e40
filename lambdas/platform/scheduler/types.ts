/** A job as its handler receives it: the schedule's id, a kind that picks the handler, and ids to act on. */
export interface ScheduledJob {
  id: string;
  kind: string;
  teamId?: string;
  /** Ids and small values only: it travels as the schedule's input (256 KB at most). */
  payload: Record<string, unknown>;
}

export interface ScheduleRequest {
  /** Unique within the group; scheduling the same id again replaces the pending job. */
  id: string;
  at: Date;
  job: Omit<ScheduledJob, 'id'>;
  group?: string;
}
