import type { MediaConvertClient, AudioDescription, CreateJobCommandInput, Output } from '@aws-sdk/client-mediaconvert';
import { platformConfig } from '../config';
import { newTranscodeJob, s3Uri, type SourceInfo, type TranscodeJob, type TranscodeJobStore, type TranscodeRequest } from './job';
import {
  AUDIO,
  GOP_SECONDS,
  OUTPUT_BASENAME,
  SEGMENT_SECONDS,
  THUMBNAIL,
  THUMBNAIL_BASENAME,
  renditionsFor,
  thumbnailHeight,
  type Rendition,
} from './ladder';
import { recordAwsCalls } from '../aws-calls';
import { injectFaults, type LocalFaultMetadata } from '../faults';

/** The SDK client is loaded on first use: a function that never calls this port never loads it (its own bundle chunk). */
const sdk = () => import('@aws-sdk/client-mediaconvert');

/** What the SDK raises when MediaConvert throttled every attempt (the local stand-in's injected fault). */
export const mediaConvertThrottled = async ($metadata: LocalFaultMetadata): Promise<Error> =>
  new (await sdk()).TooManyRequestsException({ message: 'Too many requests', Message: 'Too many requests', $metadata });

let client: Promise<MediaConvertClient> | undefined;
function mediaConvert(): Promise<MediaConvertClient> {
  const config = platformConfig();
  client ??= sdk().then(
    (m) =>
      injectFaults(
        recordAwsCalls(
          new m.MediaConvertClient({
            region: config.region,
            ...(config.mediaConvert.endpoint ? { endpoint: config.mediaConvert.endpoint } : {}),
          }),
        ),
      ),
  );
  return client;
}

const AUDIO_SELECTOR = 'Audio Selector 1';

const aac: AudioDescription = {
  AudioSourceName: AUDIO_SELECTOR,
  CodecSettings: {
    Codec: 'AAC',
    AacSettings: {
      Bitrate: AUDIO.bitrate,
      SampleRate: AUDIO.sampleRate,
      CodingMode: 'CODING_MODE_2_0',
      CodecProfile: 'LC',
      RateControlMode: 'CBR',
    },
  },
};

function hlsOutput(r: Rendition, hasAudio: boolean): Output {
  return {
    NameModifier: `_${r.name}`,
    ContainerSettings: { Container: 'M3U8', M3u8Settings: {} },
    VideoDescription: {
      // Width left out: MediaConvert scales it to keep the source's aspect ratio.
      Height: r.height,
      ScalingBehavior: 'DEFAULT',
      CodecSettings: {
        Codec: 'H_264',
        H264Settings: {
          RateControlMode: 'QVBR',
          QvbrSettings: { QvbrQualityLevel: 7 },
          MaxBitrate: r.videoBitrate,
          GopSize: GOP_SECONDS,
          GopSizeUnits: 'SECONDS',
          GopClosedCadence: 1,
          // Keyframes stay on the 2 s cadence instead of following scene cuts, like the local worker's.
          SceneChangeDetect: 'TRANSITION_DETECTION',
          CodecProfile: 'MAIN',
          CodecLevel: 'AUTO',
          QualityTuningLevel: 'SINGLE_PASS_HQ',
          FramerateControl: 'INITIALIZE_FROM_SOURCE',
          ParControl: 'INITIALIZE_FROM_SOURCE',
        },
      },
    },
    ...(hasAudio ? { AudioDescriptions: [aac] } : {}),
  };
}

/** The CreateJob request for the shared ladder, cut to the source's height. */
function createJobInput(job: TranscodeJob, source: SourceInfo): CreateJobCommandInput {
  const config = platformConfig();
  if (!config.mediaConvert.roleArn) throw new Error('MEDIACONVERT_ROLE_ARN is not set');
  const out = (name: string) => s3Uri(job.output.bucket, `${job.output.prefix}/${name}`);
  return {
    Role: config.mediaConvert.roleArn,
    Queue: config.mediaConvert.queueArn,
    // Makes a retried submit of the same job a no-op instead of a second job.
    ClientRequestToken: job.jobId,
    UserMetadata: { teamId: job.teamId, videoId: job.videoId, versionId: job.versionId, jobId: job.jobId },
    Settings: {
      TimecodeConfig: { Source: 'ZEROBASED' },
      Inputs: [
        {
          FileInput: s3Uri(job.input.bucket, job.input.key),
          TimecodeSource: 'ZEROBASED',
          VideoSelector: {},
          ...(source.hasAudio ? { AudioSelectors: { [AUDIO_SELECTOR]: { DefaultSelection: 'DEFAULT' } } } : {}),
        },
      ],
      OutputGroups: [
        {
          Name: 'HLS',
          OutputGroupSettings: {
            Type: 'HLS_GROUP_SETTINGS',
            HlsGroupSettings: {
              Destination: out(OUTPUT_BASENAME),
              SegmentLength: SEGMENT_SECONDS,
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
          Outputs: renditionsFor(source.height).map((r) => hlsOutput(r, source.hasAudio)),
        },
        {
          Name: 'Thumbnail',
          OutputGroupSettings: { Type: 'FILE_GROUP_SETTINGS', FileGroupSettings: { Destination: out(THUMBNAIL_BASENAME) } },
          Outputs: [
            {
              ContainerSettings: { Container: 'RAW' },
              VideoDescription: {
                Height: thumbnailHeight(source.height),
                CodecSettings: {
                  Codec: 'FRAME_CAPTURE',
                  // One capture every THUMBNAIL.atSeconds, two at most: the last is the frame at that time.
                  FrameCaptureSettings: {
                    FramerateNumerator: 1,
                    FramerateDenominator: THUMBNAIL.atSeconds,
                    MaxCaptures: 2,
                    Quality: THUMBNAIL.quality,
                  },
                },
              },
            },
          ],
        },
      ],
    },
  };
}

/** The source's height and audio, read by MediaConvert's Probe; undefined when it holds no video. */
async function probe(job: TranscodeJob): Promise<SourceInfo | undefined> {
  const url = s3Uri(job.input.bucket, job.input.key);
  const out = await (await mediaConvert())
    .send(new (await sdk()).ProbeCommand({ InputFiles: [{ FileUrl: url }] }))
    .catch((e: Error) => {
      // Probe rejects a file it cannot read as media: that is a broken upload, not a failed call.
      if (e.name === 'BadRequestException') return undefined;
      throw e;
    });
  const tracks = out?.ProbeResults?.[0]?.Container?.Tracks ?? [];
  const height = tracks.find((t) => t.TrackType === 'video')?.VideoProperties?.Height;
  if (!height) return undefined;
  return { height, hasAudio: tracks.some((t) => t.TrackType === 'audio') };
}

const failed = (store: TranscodeJobStore, job: TranscodeJob, error: string) =>
  store.result(job, { status: 'error', error, finishedAt: new Date().toISOString() });

export async function submitMediaConvertJob(req: TranscodeRequest, store: TranscodeJobStore): Promise<{ jobId: string }> {
  const job = await newTranscodeJob(req);
  await store.create(job);
  try {
    const source = await probe(job);
    if (!source) {
      await failed(store, job, 'The upload holds no video');
      return { jobId: job.jobId };
    }
    const created = await (await mediaConvert()).send(new (await sdk()).CreateJobCommand(createJobInput(job, source)));
    await store.submitted(job, created.Job?.Id ?? '');
    return { jobId: job.jobId };
  } catch (e) {
    await failed(store, job, (e as Error).message);
    throw e;
  }
}
