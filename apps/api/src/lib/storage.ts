import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { DbOrTx } from '../db/client.ts';
import type { Principal } from '../plugins/auth.ts';

/** Where uploaded files live. Keys are server-chosen, e.g. `buildings/<uuid>.jpg`. */
export interface FileStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** A stream of the file, or null when there is none. */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
}

/** Keys are ours, but never let one climb out of the folder. */
export const STORAGE_KEY = /^[a-z]+\/[0-9a-f-]{36}\.(jpg|png)$/;

/** The kind of record that owns a stored file: the key's folder (`buildings`, later `complaints`). */
export const fileKind = (key: string): string | null => (STORAGE_KEY.test(key) ? key.slice(0, key.indexOf('/')) : null);

/**
 * Who may read the files of one kind: finds the record whose column holds this URL, under the
 * caller's tenancy, in one indexed lookup. False for anyone else (answered 404, as if absent).
 */
export type FileReadPolicy = (db: DbOrTx, principal: Principal, url: string) => Promise<boolean>;

/** Files in a local folder (`DATA_DIR/uploads`); an S3-compatible store can replace it later. */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    if (!STORAGE_KEY.test(key)) throw new Error(`bad storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.file(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.promises.writeFile(tmp, bytes);
    await fs.promises.rename(tmp, file);
  }

  async get(key: string): Promise<Readable | null> {
    if (!STORAGE_KEY.test(key)) return null;
    const file = this.file(key);
    try {
      await fs.promises.access(file, fs.constants.R_OK);
    } catch {
      return null;
    }
    return fs.createReadStream(file);
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.file(key), { force: true });
  }
}

export const FILES_URL_PREFIX = '/api/files/';

/** The URL path the API hands out for a stored key (the building's `image`). */
export const fileUrl = (key: string) => `${FILES_URL_PREFIX}${key}`;

/** The storage key behind one of our URL paths, or null for anything else (e.g. demo images). */
export function keyFromUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith(FILES_URL_PREFIX)) return null;
  const key = url.slice(FILES_URL_PREFIX.length);
  return STORAGE_KEY.test(key) ? key : null;
}
