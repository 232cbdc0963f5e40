import { platformConfig } from '../config';
import type { TranscodeJobStore, TranscodeRequest } from './job';
import { submitLocalTranscode } from './local';
import { submitMediaConvertJob } from './mediaconvert';

export type { TranscodeRequest } from './job';

/**
 * The transcoder port: turns an upload into the HLS ladder and a thumbnail. The job's end arrives at
 * lambdas/events/media-job-state.ts (EventBridge in AWS, the ffmpeg worker locally).
 */
export function submitTranscode(req: TranscodeRequest, store: TranscodeJobStore): Promise<{ jobId: string }> {
  return platformConfig().mode === 'local' ? submitLocalTranscode(req, store) : submitMediaConvertJob(req, store);
}
