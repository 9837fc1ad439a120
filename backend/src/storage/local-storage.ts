import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { OSS_PUBLIC } from '@contracts/paths';
import { isSafeKey, type Storage, type StoredObject } from './storage';

const CONTENT_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.bmp': 'image/bmp',
  '.webp': 'image/webp',
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

const NO_SUCH_FILE = new Set(['ENOENT', 'EISDIR', 'ENOTDIR', 'ENAMETOOLONG']);

/** Objects as files under `${DATA_DIR}/oss`; the content type follows from the key's extension. */
export function localStorage(root: string): Storage {
  const base = path.resolve(root);
  const fileOf = (key: string): string | null => {
    if (!isSafeKey(key)) return null;
    const file = path.resolve(base, key);
    // Belt and braces: even a key that passed isSafeKey must resolve inside the root.
    return file.startsWith(base + path.sep) ? file : null;
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      if (!file) throw new Error(`unsafe storage key: ${key}`);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },
    async get(key) {
      const file = fileOf(key);
      if (!file) return null;
      try {
        return { bytes: await readFile(file), contentType: contentTypeOf(key) };
      } catch (err) {
        // A key no file can have is no object: a file used as a folder (`a.svg/x`), a name over 255 bytes.
        if (NO_SUCH_FILE.has((err as NodeJS.ErrnoException).code ?? '')) return null;
        throw err;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      if (file) await rm(file, { force: true });
    },
    publicUrl: (key) => `${OSS_PUBLIC}/${key}`,
    list: (prefix) => listFiles(base, prefix),
  };
}

/** Files under the root whose key starts with `prefix`; the folder part of the prefix is where the walk starts. */
async function* listFiles(base: string, prefix: string): AsyncGenerator<StoredObject> {
  const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
  if (folder !== '' && !isSafeKey(folder.replace(/\/$/, ''))) return;
  async function* walk(dir: string, keyPrefix: string): AsyncGenerator<StoredObject> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const entry of entries) {
      const key = `${keyPrefix}${entry.name}`;
      if (entry.isDirectory()) {
        if (prefix.startsWith(`${key}/`) || `${key}/`.startsWith(prefix)) yield* walk(path.join(dir, entry.name), `${key}/`);
      } else if (entry.isFile() && key.startsWith(prefix)) {
        try {
          yield { key, modifiedAt: (await stat(path.join(dir, entry.name))).mtime };
        } catch (err) {
          // Deleted while we walked: not there any more, so not listed.
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        }
      }
    }
  }
  yield* walk(folder === '' ? base : path.join(base, folder), folder);
}
