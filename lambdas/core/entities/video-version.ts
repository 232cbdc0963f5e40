import type { UploadState, VideoVersion } from '../../../shared/api/calls/videos';
import { getItem, query, type Item, type TransactOp } from '../../platform/db';
import { assertId, teamKey } from '../../platform/keys';

/**
 * A video's versions (SPEC §3: number, duration, size, created), one item each:
 *   pk T#<teamId>#VIDEOVERSION#<videoId>   sk V#<number, 6 digits>    (a video's versions: one Query)
 *
 * State machine (SPEC §4 upload states): waiting -> uploading -> encoding -> ready | failed;
 * uploading -> waiting (aborted); waiting | uploading | failed -> uploading (a new attempt). Every move is a
 * conditional update on the state it leaves, so a replayed or late event changes nothing.
 */
export interface VideoVersionRecord {
  videoId: string;
  number: number;
  state: UploadState;
  createdAt: string;
  /** The open multipart upload while uploading; `reservedBytes` is held against the quota. */
  upload?: { uploadId: string; key: string; contentType: string; reservedBytes: number; partSize: number; partCount: number };
  /** The administrator who uploaded it (told when encoding ends). */
  uploadedBy?: string;
  /** The uploaded source in the uploads bucket, and its size (counted against the quota). */
  sourceKey?: string;
  sizeBytes?: number;
  /** One transcoding attempt: the transcoder's `versionId` and the output prefix's last part. */
  attemptId?: string;
  jobId?: string;
  durationSeconds?: number;
  outputs?: { prefix: string; masterPlaylistKey: string; thumbnailKey?: string };
  readyAt?: string;
  error?: string;
}

type VersionItem = Item & VideoVersionRecord;

const partition = (teamId: string, videoId: string) => teamKey(teamId, 'VIDEOVERSION', assertId(videoId, 'videoId'));
const versionKey = (teamId: string, videoId: string, number: number) => {
  if (!Number.isInteger(number) || number < 1 || number > 999_999) throw new Error('Invalid version number');
  return { pk: partition(teamId, videoId), sk: `V#${String(number).padStart(6, '0')}` };
};

const fromItem = ({ pk: _pk, sk: _sk, type: _type, ...v }: VersionItem): VideoVersionRecord => v;

/** What the operator sees of a version. */
export const publicVersion = (v: VideoVersionRecord): VideoVersion => ({
  number: v.number,
  state: v.state,
  ...(v.durationSeconds !== undefined ? { durationSeconds: v.durationSeconds } : {}),
  ...(v.sizeBytes !== undefined ? { sizeBytes: v.sizeBytes } : {}),
  createdAt: v.createdAt,
  ...(v.readyAt ? { readyAt: v.readyAt } : {}),
});

export function putVersionOp(teamId: string, version: VideoVersionRecord): TransactOp {
  return { put: { ...versionKey(teamId, version.videoId, version.number), type: 'videoVersion', ...version }, ifNotExists: true };
}

export async function getVersion(teamId: string, videoId: string, number: number): Promise<VideoVersionRecord | undefined> {
  const item = await getItem<VersionItem>(versionKey(teamId, videoId, number), true);
  return item && fromItem(item);
}

/** A video's versions, newest first (one Query; a video has few). */
export async function listVersions(teamId: string, videoId: string): Promise<VideoVersionRecord[]> {
  const out: VideoVersionRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await query<VersionItem>({ pk: partition(teamId, videoId), ascending: false, startKey, consistent: true });
    out.push(...page.items.map(fromItem));
    startKey = page.lastKey;
  } while (startKey);
  return out;
}

/**
 * Moves a version from one of `from` to a new state (with other attributes), for the caller's transaction.
 * `attemptId`, when given, must match too: a late result of an earlier attempt changes nothing.
 */
export function moveVersionOp(
  teamId: string,
  version: Pick<VideoVersionRecord, 'videoId' | 'number'>,
  move: { from: readonly UploadState[]; attemptId?: string; uploadId?: string; set: Partial<VideoVersionRecord>; remove?: (keyof VideoVersionRecord)[] },
): TransactOp {
  const values: Record<string, unknown> = {};
  const states = move.from.map((s, i) => {
    values[`:from${i}`] = s;
    return `:from${i}`;
  });
  let condition = `#state IN (${states.join(', ')})`;
  const names: Record<string, string> = { '#state': 'state' };
  if (move.attemptId) {
    condition += ' AND #attempt = :attempt';
    names['#attempt'] = 'attemptId';
    values[':attempt'] = move.attemptId;
  }
  if (move.uploadId) {
    condition += ' AND #upload.#uploadId = :uploadId';
    names['#upload'] = 'upload';
    names['#uploadId'] = 'uploadId';
    values[':uploadId'] = move.uploadId;
  }
  return {
    update: {
      key: versionKey(teamId, version.videoId, version.number),
      set: move.set,
      remove: move.remove,
      condition,
      names,
      values,
    },
  };
}

/** Removes a version that is still in `state` (nothing moved it meanwhile), or in any state with `anyState`. */
export function deleteVersionOp(teamId: string, version: VideoVersionRecord, opts: { anyState?: boolean } = {}): TransactOp {
  const key = versionKey(teamId, version.videoId, version.number);
  if (opts.anyState) return { delete: key };
  return { delete: key, condition: '#state = :state', names: { '#state': 'state' }, values: { ':state': version.state } };
}
