import { platformConfig } from '../config';
import type { TranscodeJobStore, TranscodeRequest } from './job';
import { submitLocalTranscode } from './local';
import { mediaConvertThrottled, submitMediaConvertJob } from './mediaconvert';
import { withLocalFaults } from '../faults';
import { passRole, recordAwsCall } from '../aws-calls';

export type { TranscodeRequest } from './job';

/**
 * The transcoder port: turns an upload into the HLS ladder and a thumbnail. The job's end arrives at
 * lambdas/events/media-job-state.ts (EventBridge in AWS, the ffmpeg worker locally).
 */
export function submitTranscode(req: TranscodeRequest, store: TranscodeJobStore): Promise<{ jobId: string }> {
  const config = platformConfig();
  if (config.mode !== 'local') return submitMediaConvertJob(req, store);
  // The requests MediaConvert would get (Probe, then CreateJob on the queue passing its role), as evidence for the grants.
  recordAwsCall('mediaconvert:Probe', '*');
  if (config.mediaConvert.queueArn) recordAwsCall('mediaconvert:CreateJob', config.mediaConvert.queueArn);
  if (config.mediaConvert.roleArn) {
    const pass = passRole(config.mediaConvert.roleArn, 'mediaconvert.amazonaws.com');
    recordAwsCall(pass.action, pass.resource, pass.conditionKeys);
  }
  return withLocalFaults('transcoder', () => submitLocalTranscode(req, store), mediaConvertThrottled);
}
