import './aws-env';
import { BadRequestException, CreateJobCommand, MediaConvertClient, ProbeCommand, type Track } from '@aws-sdk/client-mediaconvert';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { transcodeJobStore } from '../../../lambdas/media/transcode-job';
import { submitTranscode } from '../../../lambdas/platform/transcoder';
import { renditionsFor } from '../../../lambdas/platform/transcoder/ladder';

const mediaConvert = mockClient(MediaConvertClient);
const s3 = mockClient(S3Client);
const ddb = mockClient(DynamoDBDocumentClient);

const request = {
  teamId: '01JTEAM',
  videoId: '01JVIDEO',
  versionId: '01JVERSION',
  input: { bucket: 'uploads' as const, key: 'T/01JTEAM/videos/01JVIDEO/source.mp4' },
  output: { bucket: 'media' as const, prefix: 'T/01JTEAM/videos/01JVIDEO/01JVERSION/' },
};

const videoTrack = (Height: number): Track => ({ TrackType: 'video', VideoProperties: { Height, Width: Math.round((Height * 16) / 9) } });
const audioTrack: Track = { TrackType: 'audio', AudioProperties: { Channels: 2 } };
const probeAnswers = (tracks: Track[]) => mediaConvert.on(ProbeCommand).resolves({ ProbeResults: [{ Container: { Tracks: tracks } }] });

beforeEach(() => {
  mediaConvert.reset();
  s3.reset();
  ddb.reset();
  s3.on(HeadObjectCommand).resolves({ ContentLength: 52_428_800 });
  ddb.on(PutCommand).resolves({}).on(UpdateCommand).resolves({});
  mediaConvert.on(CreateJobCommand).resolves({ Job: { Id: '1700000000000-abc123', Role: 'r', Settings: {} } });
});

const h264 = (maxBitrate: number) => ({
  Codec: 'H_264',
  H264Settings: {
    RateControlMode: 'QVBR',
    QvbrSettings: { QvbrQualityLevel: 7 },
    MaxBitrate: maxBitrate,
    GopSize: 2,
    GopSizeUnits: 'SECONDS',
    GopClosedCadence: 1,
    SceneChangeDetect: 'TRANSITION_DETECTION',
    CodecProfile: 'MAIN',
    CodecLevel: 'AUTO',
    QualityTuningLevel: 'SINGLE_PASS_HQ',
    FramerateControl: 'INITIALIZE_FROM_SOURCE',
    ParControl: 'INITIALIZE_FROM_SOURCE',
  },
});
const aac = {
  AudioSourceName: 'Audio Selector 1',
  CodecSettings: {
    Codec: 'AAC',
    AacSettings: { Bitrate: 128000, SampleRate: 48000, CodingMode: 'CODING_MODE_2_0', CodecProfile: 'LC', RateControlMode: 'CBR' },
  },
};
const hlsOutput = (name: string, height: number, maxBitrate: number) => ({
  NameModifier: `_${name}`,
  ContainerSettings: { Container: 'M3U8', M3u8Settings: {} },
  VideoDescription: { Height: height, ScalingBehavior: 'DEFAULT', CodecSettings: h264(maxBitrate) },
  AudioDescriptions: [aac],
});

describe('transcoder port, AWS adapter (MediaConvert)', () => {
  it('creates the HLS ladder job up to the source height, with 6 s segments, 2 s GOPs, AAC, a thumbnail and our metadata', async () => {
    probeAnswers([videoTrack(720), audioTrack]);
    const { jobId } = await submitTranscode(request, transcodeJobStore);

    expect(mediaConvert.commandCalls(ProbeCommand)[0].args[0].input).toEqual({
      InputFiles: [{ FileUrl: 's3://acme-uploads/T/01JTEAM/videos/01JVIDEO/source.mp4' }],
    });
    const calls = mediaConvert.commandCalls(CreateJobCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0].args[0].input).toEqual({
      Role: 'arn:aws:iam::123456789012:role/mediaconvert',
      Queue: 'arn:aws:mediaconvert:ap-northeast-1:123456789012:queues/Default',
      ClientRequestToken: jobId,
      UserMetadata: { teamId: '01JTEAM', videoId: '01JVIDEO', versionId: '01JVERSION', jobId },
      Settings: {
        TimecodeConfig: { Source: 'ZEROBASED' },
        Inputs: [
          {
            FileInput: 's3://acme-uploads/T/01JTEAM/videos/01JVIDEO/source.mp4',
            TimecodeSource: 'ZEROBASED',
            VideoSelector: {},
            AudioSelectors: { 'Audio Selector 1': { DefaultSelection: 'DEFAULT' } },
          },
        ],
        OutputGroups: [
          {
            Name: 'HLS',
            OutputGroupSettings: {
              Type: 'HLS_GROUP_SETTINGS',
              HlsGroupSettings: {
                Destination: 's3://acme-media/T/01JTEAM/videos/01JVIDEO/01JVERSION/index',
                SegmentLength: 6,
                SegmentLengthControl: 'GOP_MULTIPLE',
                MinSegmentLength: 0,
                SegmentControl: 'SEGMENTED_FILES',
                DirectoryStructure: 'SINGLE_DIRECTORY',
                OutputSelection: 'MANIFESTS_AND_SEGMENTS',
                ManifestDurationFormat: 'FLOATING_POINT',
                StreamInfResolution: 'INCLUDE',
                CodecSpecification: 'RFC_4281',
                ProgramDateTime: 'EXCLUDE',
              },
            },
            Outputs: [hlsOutput('720p', 720, 3_500_000), hlsOutput('480p', 480, 1_800_000), hlsOutput('360p', 360, 1_000_000)],
          },
          {
            Name: 'Thumbnail',
            OutputGroupSettings: {
              Type: 'FILE_GROUP_SETTINGS',
              FileGroupSettings: { Destination: 's3://acme-media/T/01JTEAM/videos/01JVIDEO/01JVERSION/thumbnail' },
            },
            Outputs: [
              {
                ContainerSettings: { Container: 'RAW' },
                VideoDescription: {
                  Height: 720,
                  CodecSettings: {
                    Codec: 'FRAME_CAPTURE',
                    FrameCaptureSettings: { FramerateNumerator: 1, FramerateDenominator: 2, MaxCaptures: 2, Quality: 80 },
                  },
                },
              },
            ],
          },
        ],
      },
    });
  });

  it('records the job before submitting, then MediaConvert\'s id once accepted', async () => {
    probeAnswers([videoTrack(1080), audioTrack]);
    const { jobId } = await submitTranscode(request, transcodeJobStore);

    const put = ddb.commandCalls(PutCommand)[0].args[0].input;
    expect(put.TableName).toBe('platform-table');
    expect(put.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(put.Item).toMatchObject({
      pk: 'T#01JTEAM#TRANSCODE#01JVIDEO',
      sk: `JOB#${jobId}`,
      status: 'queued',
      sourceSize: 52_428_800,
      output: { bucket: 'media', prefix: 'T/01JTEAM/videos/01JVIDEO/01JVERSION' },
    });
    // AWS jobs are not on the local worker's queue index.
    expect(put.Item).not.toHaveProperty('gsi1pk');
    const update = ddb.commandCalls(UpdateCommand)[0].args[0].input;
    expect(Object.values(update.ExpressionAttributeValues!)).toEqual(
      expect.arrayContaining(['processing', '1700000000000-abc123']),
    );
  });

  it('uses every rung for a 1080p source and leaves audio out of a silent one', async () => {
    probeAnswers([videoTrack(1080)]);
    await submitTranscode(request, transcodeJobStore);
    const input = mediaConvert.commandCalls(CreateJobCommand)[0].args[0].input;
    const outputs = input.Settings!.OutputGroups![0].Outputs!;
    expect(outputs.map((o) => o.VideoDescription!.Height)).toEqual([1080, 720, 480, 360]);
    expect(outputs.every((o) => o.AudioDescriptions === undefined)).toBe(true);
    expect(input.Settings!.Inputs![0].AudioSelectors).toBeUndefined();
  });

  it('records a broken upload as failed without creating a job', async () => {
    mediaConvert.on(ProbeCommand).rejects(new BadRequestException({ message: 'unsupported', $metadata: {} }));
    const { jobId } = await submitTranscode(request, transcodeJobStore);
    expect(jobId).toMatch(/^[0-9A-Z]{26}$/);
    expect(mediaConvert.commandCalls(CreateJobCommand)).toHaveLength(0);
    const update = ddb.commandCalls(UpdateCommand)[0].args[0].input;
    expect(Object.values(update.ExpressionAttributeValues!)).toEqual(expect.arrayContaining(['error', 'The upload holds no video']));
  });

  it('refuses a missing upload before recording anything', async () => {
    s3.on(HeadObjectCommand).rejects(Object.assign(new Error('not found'), { name: 'NotFound' }));
    await expect(submitTranscode(request, transcodeJobStore)).rejects.toThrow('Upload not found');
    expect(ddb.calls()).toHaveLength(0);
    expect(mediaConvert.calls()).toHaveLength(0);
  });
});

describe('the ladder', () => {
  it('never goes above the source height', () => {
    expect(renditionsFor(2160).map((r) => r.height)).toEqual([1080, 720, 480, 360]);
    expect(renditionsFor(1079).map((r) => r.height)).toEqual([720, 480, 360]);
    expect(renditionsFor(360).map((r) => r.name)).toEqual(['360p']);
  });

  it('keeps a source smaller than the lowest rung at its own (even) height', () => {
    expect(renditionsFor(241)).toEqual([{ name: '240p', height: 240, videoBitrate: 1_000_000 }]);
  });
});
