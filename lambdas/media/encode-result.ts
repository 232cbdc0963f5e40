import type { Video } from '../../shared/api/calls/videos';
import { rewriteVideo } from '../core/entities/video';
import { addEncodeNotification } from './encode-notification';
import type { TranscodeJob } from '../platform/transcoder/job';
import { listVersions, moveVersionOp, type VideoVersionRecord } from '../core/entities/video-version';

export type EncodeOutcome =
  | { status: 'complete'; durationMs: number; masterPlaylistKey: string; thumbnailKey?: string; finishedAt: string }
  | { status: 'error'; error: string; finishedAt: string };

/**
 * A transcoding ended (called once per job: lambdas/events/media-job-state.ts after recordTranscodeResult).
 * The version moves encoding -> ready | failed only if it is still in that attempt (conditional), the video
 * takes it as its current version when ready, and the result is told in-app (the mail domain mails the uploader
 * unless their notification setting `videoEncodeFinished` is off). Answers false when nothing changed.
 */
export async function recordEncodeResult(job: Pick<TranscodeJob, 'teamId' | 'videoId' | 'versionId'>, outcome: EncodeOutcome): Promise<boolean> {
  const { teamId, videoId, versionId: attemptId } = job;
  let moved: VideoVersionRecord | undefined;
  const ready = outcome.status === 'complete';
  const saved = await rewriteVideo(teamId, videoId, async (video) => {
    const version = (await listVersions(teamId, videoId)).find((v) => v.attemptId === attemptId && v.state === 'encoding');
    if (!version) return undefined;
    moved = version;
    const at = outcome.finishedAt;
    const durationSeconds = ready ? Math.round(outcome.durationMs / 1000) : undefined;
    let next: Video = version.number === video.latestVersion ? { ...video, uploadState: ready ? 'ready' : 'failed', updatedAt: at } : video;
    if (ready && version.number >= (video.currentVersion ?? 0)) {
      next = {
        ...next,
        currentVersion: version.number,
        durationSeconds,
        ...(version.sizeBytes !== undefined ? { sizeBytes: version.sizeBytes } : {}),
        playback: { masterPlaylistKey: outcome.masterPlaylistKey, ...(outcome.thumbnailKey ? { thumbnailKey: outcome.thumbnailKey } : {}) },
        updatedAt: at,
      };
    }
    return {
      video: next,
      ops: [
        moveVersionOp(teamId, version, {
          from: ['encoding'],
          attemptId,
          set: ready
            ? {
                state: 'ready',
                durationSeconds,
                readyAt: at,
                outputs: {
                  prefix: outcome.masterPlaylistKey.replace(/\/[^/]+$/, ''),
                  masterPlaylistKey: outcome.masterPlaylistKey,
                  ...(outcome.thumbnailKey ? { thumbnailKey: outcome.thumbnailKey } : {}),
                },
              }
            : { state: 'failed', error: outcome.error },
        }),
      ],
    };
  });
  if (!saved || !moved) return false;
  await notifyUploader(teamId, saved, moved, ready);
  return true;
}

/** The in-app notice of the result; the uploader's mail is the mail domain's reaction to it (`mailTo`). */
async function notifyUploader(teamId: string, video: Video, version: VideoVersionRecord, ready: boolean): Promise<void> {
  await addEncodeNotification(
    teamId,
    { videoId: video.videoId, title: video.title, versionNumber: version.number, result: ready ? 'ready' : 'failed' },
    new Date(),
    version.uploadedBy,
  );
}
