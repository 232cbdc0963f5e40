import '../support/platform-env';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deleteObject,
  deleteObjects,
  downloadToFile,
  getObjectBytes,
  getObjectStream,
  headBucket,
  headObject,
  listObjects,
  putObject,
  uploadFile,
} from '../../../lambdas/platform/storage';

const prefix = `it/storage/${ulid()}`;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'storage-it-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('storage port against s3rver', () => {
  it('reaches both buckets (the health check)', async () => {
    await expect(headBucket('uploads')).resolves.toBeUndefined();
    await expect(headBucket('media')).resolves.toBeUndefined();
  });

  it('stores and reads back bytes, with their type', async () => {
    await putObject({ bucket: 'media', key: `${prefix}/note.json`, body: '{"ok":true}', contentType: 'application/json' });
    expect(Buffer.from((await getObjectBytes('media', `${prefix}/note.json`))!).toString()).toBe('{"ok":true}');
    const stream = await getObjectStream('media', `${prefix}/note.json`);
    expect(stream?.contentType).toBe('application/json');
    stream?.body.destroy();
    expect(await headObject('media', `${prefix}/note.json`)).toEqual({ size: 11, contentType: 'application/json' });
  });

  it('streams a file up and down byte for byte (no checksum framing stored by s3rver)', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    await writeFile(join(dir, 'up.bin'), bytes);
    await uploadFile({ bucket: 'uploads', key: `${prefix}/big.bin`, path: join(dir, 'up.bin'), contentType: 'video/mp4' });
    await downloadToFile('uploads', `${prefix}/big.bin`, join(dir, 'down.bin'));
    expect((await readFile(join(dir, 'down.bin'))).equals(bytes)).toBe(true);
    expect((await headObject('uploads', `${prefix}/big.bin`))?.size).toBe(bytes.length);
  });

  it('answers undefined for a missing object and refuses to download it', async () => {
    expect(await getObjectBytes('media', `${prefix}/missing`)).toBeUndefined();
    expect(await headObject('media', `${prefix}/missing`)).toBeUndefined();
    await expect(downloadToFile('media', `${prefix}/missing`, join(dir, 'x'))).rejects.toThrow('Object not found');
  });

  it('lists by prefix and deletes one or many', async () => {
    const keys = ['a', 'b', 'c', 'sub/d'].map((k) => `${prefix}/list/${k}`);
    for (const key of keys) await putObject({ bucket: 'media', key, body: key });
    await putObject({ bucket: 'media', key: `${prefix}/listed-not`, body: 'x' });
    expect((await listObjects('media', `${prefix}/list/`)).map((o) => o.key)).toEqual(keys);

    await deleteObject('media', keys[0]);
    await deleteObjects('media', keys.slice(1, 3));
    expect((await listObjects('media', `${prefix}/list/`)).map((o) => o.key)).toEqual([keys[3]]);
  });
});
