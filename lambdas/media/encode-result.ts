import type { Language } from '../../shared/api/calls/teams';
import type { Video } from '../../shared/api/calls/videos';
import { rewriteVideo } from '../content/video';
import { platformConfig } from '../platform/config';
import { sendMail } from '../mail/send-mail';
import { getTeam } from '../teams/team';
import { getTeamUser } from '../teams/team-user';
import { mailText } from '../mail/mail-texts';
import { addEncodeNotification } from './encode-notification';
import type { TranscodeJob } from '../platform/transcoder/job';
import { listVersions, moveVersionOp, type VideoVersionRecord } from './video-version';

export type EncodeOutcome =
  | { status: 'complete'; durationMs: number; masterPlaylistKey: string; thumbnailKey?: string; finishedAt: string }
  | { status: 'error'; error: string; finishedAt: string };

/**
 * A transcoding ended (called once per job: lambdas/events/media-job-state.ts after recordTranscodeResult).
 * The version moves encoding -> ready | failed only if it is still in that attempt (conditional), the video
 * takes it as its current version when ready, and the uploader is told in-app and by mail (unless their
 * notification setting `videoEncodeFinished` is off). Answers false when nothing changed.
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

async function notifyUploader(teamId: string, video: Video, version: VideoVersionRecord, ready: boolean): Promise<void> {
  await addEncodeNotification(teamId, { videoId: video.videoId, title: video.title, versionNumber: version.number, result: ready ? 'ready' : 'failed' });
  if (!version.uploadedBy) return;
  const [admin, team] = await Promise.all([getTeamUser(teamId, version.uploadedBy), getTeam(teamId)]);
  if (!admin || admin.role !== 'admin' || admin.disabled || admin.notifications?.videoEncodeFinished === false || !team) return;
  const language: Language = team.language;
  const values = {
    name: admin.name,
    siteName: team.siteName,
    title: video.title,
    version: version.number,
    url: `${platformConfig().appOrigin}/admin/video/${video.videoId}/edit`,
  };
  await sendMail({ to: admin.email, teamId, ...mailText(language, ready ? 'videoEncodeFinished.ready' : 'videoEncodeFinished.failed', values) });
}
