/**
 * Preloaded into cognito-local (`node --import`): its store (stormdb) rewrites each pool's whole JSON file in place
 * with `fs.writeFile`, unordered. A process killed in the middle leaves a truncated file, and cognito-local then fails to
 * start on that data ever again (found by test/integration/durability). Here every such write goes to a temporary file
 * that is renamed over the old one (atomic on one file system), one write per file at a time, in the order they were
 * asked: the file is always a whole earlier or later version.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';

const original = fs.writeFile;
/** The last write queued per file. */
const tails = new Map();

fs.writeFile = function writeFile(path, data, options, callback) {
  const done = typeof options === 'function' ? options : callback;
  if (typeof path !== 'string' || !path.endsWith('.json') || typeof done !== 'function') return original.apply(fs, arguments);
  const opts = typeof options === 'function' ? undefined : options;
  const write = () =>
    new Promise((resolve) => {
      const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      original.call(fs, temporary, data, opts, (error) => {
        if (error) return resolve(error);
        fs.rename(temporary, path, resolve);
      });
    });
  const next = (tails.get(path) ?? Promise.resolve()).then(write);
  tails.set(path, next);
  next.then((error) => {
    if (tails.get(path) === next) tails.delete(path);
    done(error ?? null);
  });
};
