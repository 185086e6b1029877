import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StoragePort } from './storage.port';

/**
 * Files in a local folder (the embedded mode: `DATA_DIR/uploads`). Keys are checked so that none can
 * leave the folder; a write goes to a temporary name first and is renamed into place.
 */
export function createLocalStorage(root: string): StoragePort {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    if (!/^[a-z0-9_-]+(\/[a-z0-9_-]+)*$/i.test(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(base, key);
  };
  return {
    name: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, body, { mode: 0o600 });
      await rename(tmp, file);
    },
    async get(key, range) {
      const file = fileOf(key);
      try {
        const s = await stat(file);
        if (range) {
          const end = Math.min(range.end, s.size - 1);
          return {
            body: createReadStream(file, { start: range.start, end }),
            size: Math.max(0, end - range.start + 1),
          };
        }
        return { body: createReadStream(file), size: s.size };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
