import './aws-env';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler, type MediaJobStateEvent } from '../../../lambdas/events/media-job-state';

const ddb = mockClient(DynamoDBDocumentClient);
beforeEach(() => {
  ddb.reset();
  ddb.on(UpdateCommand).resolves({});
  // The job as stored is read back to move the video version; none here (the video side has its own tests).
  ddb.on(GetCommand).resolves({});
});

const prefix = 's3://acme-media/T/01JTEAM/videos/01JVIDEO/01JVERSION';
const metadata = { teamId: '01JTEAM', videoId: '01JVIDEO', versionId: '01JVERSION', jobId: '01JJOB' };

/** As MediaConvert sends it through EventBridge (trimmed to the fields it always carries). */
const event = (detail: Partial<MediaJobStateEvent['detail']>): MediaJobStateEvent => ({
  version: '0',
  id: 'c1a6b5d8-0000-0000-0000-000000000000',
  'detail-type': 'MediaConvert Job State Change',
  source: 'aws.mediaconvert',
  account: '123456789012',
  time: '2026-05-01T10:00:00Z',
  region: 'ap-northeast-1',
  resources: ['arn:aws:mediaconvert:ap-northeast-1:123456789012:jobs/1700000000000-abc123'],
  detail: { status: 'COMPLETE', jobId: '1700000000000-abc123', userMetadata: metadata, ...detail },
});

/** The update's SET values by attribute name. */
function updatedAttributes(): Record<string, unknown> {
  const input = ddb.commandCalls(UpdateCommand)[0].args[0].input;
  const names = input.ExpressionAttributeNames!;
  const values = input.ExpressionAttributeValues!;
  return Object.fromEntries(
    Object.keys(names)
      .filter((n) => n.startsWith('#u') && values[`:${n.slice(1)}`] !== undefined)
      .map((n) => [names[n], values[`:${n.slice(1)}`]]),
  );
}

describe('media job state handler', () => {
  it('records a completed MediaConvert job: master playlist, renditions, thumbnail, duration', async () => {
    await handler(
      event({
        outputGroupDetails: [
          {
            type: 'HLS_GROUP',
            playlistFilePaths: [`${prefix}/index.m3u8`],
            outputDetails: [
              { outputFilePaths: [`${prefix}/index_360p.m3u8`], durationInMs: 125_040, videoDetails: { widthInPx: 640, heightInPx: 360 } },
              { outputFilePaths: [`${prefix}/index_720p.m3u8`], durationInMs: 125_040, videoDetails: { widthInPx: 1280, heightInPx: 720 } },
            ],
          },
          {
            type: 'FILE_GROUP',
            outputDetails: [{ outputFilePaths: [`${prefix}/thumbnail.0000001.jpg`], durationInMs: 125_040, videoDetails: { widthInPx: 1280, heightInPx: 720 } }],
          },
        ],
      }),
    );
    const input = ddb.commandCalls(UpdateCommand)[0].args[0].input;
    expect(input.Key).toEqual({ pk: 'T#01JTEAM#TRANSCODE#01JVIDEO', sk: 'JOB#01JJOB' });
    // Only a job still running takes a result: a replayed event changes nothing.
    expect(input.ConditionExpression).toBe('#status IN (:queued, :processing)');
    const key = 'T/01JTEAM/videos/01JVIDEO/01JVERSION';
    expect(updatedAttributes()).toEqual({
      status: 'complete',
      durationMs: 125_040,
      finishedAt: '2026-05-01T10:00:00Z',
      outputs: {
        masterPlaylist: `${key}/index.m3u8`,
        renditions: [
          { name: '720p', height: 720, width: 1280, playlist: `${key}/index_720p.m3u8` },
          { name: '360p', height: 360, width: 640, playlist: `${key}/index_360p.m3u8` },
        ],
        thumbnail: `${key}/thumbnail.0000001.jpg`,
      },
    });
  });

  it('records a failed job with its error', async () => {
    await handler(event({ status: 'ERROR', errorCode: 1030, errorMessage: 'Video codec not supported' }));
    expect(updatedAttributes()).toEqual({
      status: 'error',
      error: '1030: Video codec not supported',
      finishedAt: '2026-05-01T10:00:00Z',
    });
  });

  it('ignores progress events and jobs this platform did not submit', async () => {
    await handler(event({ status: 'PROGRESSING' }));
    await handler(event({ userMetadata: {} }));
    expect(ddb.calls()).toHaveLength(0);
  });
});
