import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, link, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { files } from '../db/schema.ts';
import { AppError, badRequest } from '../errors.ts';
import { onFirstUse } from '../first-use.ts';
import { tooLargeMessage, UPLOAD_RULES, type UploadKind } from '../../contract/uploads.ts';

export type FileKind = UploadKind;

/** Per kind: what the bytes must be (by magic numbers, never by name) and how big they may be (contract/uploads.ts). */
export const FILE_RULES = UPLOAD_RULES;

/** file-type and its readers take about 50 ms to import; the first upload loads them. */
const loadFileType = onFirstUse(() => import('file-type'));

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/opus': 'opus',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/vnd.wave': 'wav',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/m4a': 'm4a',
  'video/mp4': 'm4a',
};

/** What a browser is told the file is; m4a containers detected as video/mp4 are served as audio. */
const SERVED_TYPE: Record<string, string> = { 'video/mp4': 'audio/mp4', 'audio/x-wav': 'audio/wav', 'audio/vnd.wave': 'audio/wav' };

export interface StoredFile {
  key: string;
  mime: string;
  size: number;
}

export interface UploadMeta {
  paketSoalId?: number | null;
  ownerUserId?: number | null;
}

/**
 * The one storage service (DESIGN section 4): checks type by magic bytes and size, writes the bytes
 * under a random name (temp file + rename, so a crash leaves no half file under a real name), and
 * records the metadata. Call inside the caller's transaction with `tx` so a failed save leaves no row.
 */
export class Storage {
  constructor(readonly dir: string) {}

  async inspect(kind: FileKind, buffer: Buffer): Promise<{ mime: string; ext: string }> {
    const rule = FILE_RULES[kind];
    if (buffer.length === 0) throw badRequest(rule.typeMessage);
    if (buffer.length > rule.maxBytes) {
      throw new AppError(413, tooLargeMessage(rule.maxBytes));
    }
    const { fileTypeFromBuffer } = await loadFileType();
    const detected = await fileTypeFromBuffer(buffer);
    if (!detected || !rule.types.includes(detected.mime)) throw badRequest(rule.typeMessage);
    return { mime: SERVED_TYPE[detected.mime] ?? detected.mime, ext: EXTENSIONS[detected.mime] ?? detected.ext };
  }

  /** Writes the bytes to disk (no database row yet). Returns the key to record with `record`. */
  async write(kind: FileKind, buffer: Buffer): Promise<StoredFile> {
    const { mime, ext } = await this.inspect(kind, buffer);
    const key = `${randomBytes(16).toString('hex')}.${ext}`;
    const tmp = path.join(this.dir, `.tmp-${key}`);
    try {
      // Inside the try: a folder that vanished or became a file is the same full-disk answer.
      await mkdir(this.dir, { recursive: true });
      await writeFile(tmp, buffer, { flag: 'wx' });
      await rename(tmp, this.pathOf(key));
    } catch (err) {
      await rm(tmp, { force: true }).catch(() => undefined);
      const failure = new AppError(507, 'File tidak dapat disimpan di server. Silakan hubungi admin.');
      failure.cause = err;
      throw failure;
    }
    return { key, mime, size: buffer.length };
  }

  async record(db: Db, kind: FileKind, file: StoredFile, meta: UploadMeta = {}): Promise<void> {
    await db.insert(files).values({
      key: file.key,
      kind,
      mime: file.mime,
      size: file.size,
      paketSoalId: meta.paketSoalId ?? null,
      ownerUserId: meta.ownerUserId ?? null,
    });
  }

  /** Saves bytes and records them; on a database failure the written file is removed again. */
  async save(db: Db, kind: FileKind, buffer: Buffer, meta: UploadMeta = {}): Promise<StoredFile> {
    const file = await this.write(kind, buffer);
    try {
      await this.record(db, kind, file, meta);
    } catch (err) {
      await this.removeFromDisk([file.key]);
      throw err;
    }
    return file;
  }

  /**
   * A second name for stored bytes (a cloned package's own copy): a hard link, so nothing is
   * copied on disk, yet deleting either package later leaves the other's file in place. Falls
   * back to a byte copy where links are not possible.
   */
  async duplicate(key: string): Promise<string> {
    const copy = `${randomBytes(16).toString('hex')}.${key.split('.').pop()}`;
    try {
      await link(this.pathOf(key), this.pathOf(copy)).catch(() => copyFile(this.pathOf(key), this.pathOf(copy)));
    } catch (err) {
      const failure = new AppError(507, 'File tidak dapat disalin di server. Silakan hubungi admin.');
      failure.cause = err;
      throw failure;
    }
    return copy;
  }

  pathOf(key: string): string {
    // Keys are ours (hex + extension); anything else never reaches the file system.
    if (!/^[a-f0-9]{32}\.[a-z0-9]{2,4}$/.test(key)) throw badRequest('Nama file tidak valid.');
    return path.join(this.dir, key);
  }

  async forget(db: Db, keys: string[]): Promise<void> {
    if (keys.length > 0) await db.delete(files).where(inArray(files.key, keys));
  }

  /** Removes files from disk; missing files are fine (already gone). Call after the commit. */
  async removeFromDisk(keys: (string | null | undefined)[]): Promise<void> {
    await Promise.all(keys.filter((k): k is string => !!k).map((k) => rm(this.pathOf(k), { force: true }).catch(() => undefined)));
  }

  async find(db: Db, key: string) {
    const rows = await db.select().from(files).where(eq(files.key, key)).limit(1);
    return rows[0] ?? null;
  }

  async open(key: string): Promise<{ stream: NodeJS.ReadableStream; size: number } | null> {
    try {
      const p = this.pathOf(key);
      const s = await stat(p);
      return { stream: createReadStream(p), size: s.size };
    } catch {
      return null;
    }
  }
}

/** Public URL of a stored file (served with access checks by media.routes.ts). */
export const mediaUrl = (key: string | null | undefined): string | null => (key ? `/api/media/${key}` : null);
