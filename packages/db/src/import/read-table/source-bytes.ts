import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable, pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { IMPORT_MESSAGES as M } from '@nj/contracts';
import { AppError } from '@nj/contracts/common/app-error';
import type { TableLimits, TableSource } from '../read-table.ts';

/** Size of the chunks read from a file or cut from a byte array (64 kB). */
export const CHUNK_BYTES = 64 * 1024;
/** A compressed input may expand at most this many times (issue 10: zip/gzip bombs). */
export const MAX_COMPRESSION_RATIO = 100;
/** Below this many expanded bytes the ratio is not checked (small, repetitive files compress very well). */
const RATIO_FLOOR_BYTES = 1024 * 1024;

/** Whole megabytes of a byte limit, for messages. */
export function megabytes(bytes: number): number {
  return Math.max(1, Math.round(bytes / (1024 * 1024)));
}

/**
 * Checks that a source can be read and is not over `limits.maxBytes` before reading it. Returns its file name
 * (the path's base name, or the given name) and size in bytes. Throws AppError NOT_FOUND when the path is not a
 * file, BAD_REQUEST (fileTooLarge) when it is larger than the limit (a 2 GB file is refused by its size alone).
 */
export async function checkSource(source: TableSource, limits: TableLimits): Promise<{ fileName: string; size: number }> {
  if ('bytes' in source) {
    if (source.bytes.byteLength > limits.maxBytes) throw new AppError('BAD_REQUEST', M.fileTooLarge(megabytes(limits.maxBytes)));
    return { fileName: source.name, size: source.bytes.byteLength };
  }
  const info = await stat(source.path).catch(() => null);
  if (!info?.isFile()) throw new AppError('NOT_FOUND', M.fileNotFound(source.path));
  if (info.size > limits.maxBytes) throw new AppError('BAD_REQUEST', M.fileTooLarge(megabytes(limits.maxBytes)));
  return { fileName: basename(source.path), size: info.size };
}

/**
 * The raw bytes of a source as chunks of up to 64 kB, streamed from disk for a path. Counts them and throws
 * AppError BAD_REQUEST (fileTooLarge) past `maxBytes` (a file that grows while it is read). Stopping the
 * iteration early closes the file.
 */
export async function* rawChunks(source: TableSource, maxBytes: number): AsyncGenerator<Buffer> {
  let total = 0;
  const count = (chunk: Buffer): Buffer => {
    total += chunk.length;
    if (total > maxBytes) throw new AppError('BAD_REQUEST', M.fileTooLarge(megabytes(maxBytes)));
    return chunk;
  };
  if ('bytes' in source) {
    const all = Buffer.from(source.bytes.buffer, source.bytes.byteOffset, source.bytes.byteLength);
    for (let at = 0; at < all.length; at += CHUNK_BYTES) yield count(all.subarray(at, at + CHUNK_BYTES));
    return;
  }
  const stream = createReadStream(source.path, { highWaterMark: CHUNK_BYTES });
  try {
    for await (const chunk of stream) yield count(chunk as Buffer);
  } finally {
    stream.destroy();
  }
}

/** Whether bytes start with the gzip magic number 1f 8b. */
export function isGzip(head: Uint8Array): boolean {
  return head[0] === 0x1f && head[1] === 0x8b;
}

/**
 * The content of a source: its raw chunks, or for gzip (recognised by its magic bytes) the inflated ones. Inflated
 * bytes are counted: past `maxBytes`, or past 100 times the compressed bytes read so far (above 1 MB), it throws
 * AppError BAD_REQUEST (compressionBomb); a damaged gzip throws BAD_REQUEST (badGzip).
 */
export async function* contentChunks(source: TableSource, limits: TableLimits, gzip: boolean): AsyncGenerator<Buffer> {
  if (!gzip) {
    yield* rawChunks(source, limits.maxBytes);
    return;
  }
  let compressed = 0;
  const input = (async function* () {
    for await (const chunk of rawChunks(source, limits.maxBytes)) {
      compressed += chunk.length;
      yield chunk;
    }
  })();
  const gunzip = createGunzip({ chunkSize: CHUNK_BYTES });
  pipeline(Readable.from(input), gunzip, (error) => {
    if (error) gunzip.destroy(error);
  });
  let inflated = 0;
  try {
    for await (const chunk of gunzip) {
      inflated += (chunk as Buffer).length;
      if (inflated > limits.maxBytes || (inflated > RATIO_FLOOR_BYTES && inflated > MAX_COMPRESSION_RATIO * compressed)) {
        throw new AppError('BAD_REQUEST', M.compressionBomb(megabytes(limits.maxBytes)));
      }
      yield chunk as Buffer;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_REQUEST', M.badGzip);
  } finally {
    gunzip.destroy();
  }
}

/**
 * What the first bytes of a file say it is: 'gzip', 'zip' (maybe XLSX), 'ole' (old .xls or a password-protected
 * workbook), 'utf16' (a UTF-16 byte order mark), a known non-table kind (a key of IMPORT_MESSAGES.tableKinds;
 * 'markup' is HTML or XML, which some portals save with an .xls name), or 'text' when nothing is recognised.
 */
export function sniffMagic(head: Uint8Array): 'gzip' | 'zip' | 'ole' | 'utf16' | 'text' | keyof typeof M.tableKinds {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  const ascii = (text: string, at = 0) => [...text].every((c, i) => head[at + i] === c.charCodeAt(0));
  if (isGzip(head)) return 'gzip';
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0x50, 0x4b, 0x05, 0x06) || starts(0x50, 0x4b, 0x07, 0x08)) return 'zip';
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return 'ole';
  if (starts(0xff, 0xfe) || starts(0xfe, 0xff)) return 'utf16';
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (ascii('GIF8')) return 'gif';
  if (ascii('RIFF') && ascii('WEBP', 8)) return 'webp';
  if (ascii('%PDF')) return 'pdf';
  if (starts(0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c) || ascii('Rar!') || ascii('BZh')) return 'archive';
  const start = Buffer.from(head.subarray(0, 512)).toString('latin1').replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trimStart().toLowerCase();
  if (/^<(\?xml|!doctype|html|table|head|body)/.test(start)) return 'markup';
  return 'text';
}

/**
 * Counts, over chunks fed in order, the places where bytes are not valid UTF-8 (`invalid`) and the valid multi-byte
 * characters (`multiByte`), to tell UTF-8 with a few stray bytes from a Windows-1252 file.
 */
export class Utf8Census {
  invalid = 0;
  multiByte = 0;
  private pending = 0;

  /** Feeds the next chunk of the file. */
  scan(chunk: Uint8Array): void {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (this.pending > 0) {
        if ((b & 0xc0) === 0x80) {
          if (--this.pending === 0) this.multiByte++;
          continue;
        }
        this.invalid++;
        this.pending = 0;
      }
      if (b < 0x80) continue;
      if (b >= 0xc2 && b <= 0xdf) this.pending = 1;
      else if (b >= 0xe0 && b <= 0xef) this.pending = 2;
      else if (b >= 0xf0 && b <= 0xf4) this.pending = 3;
      else this.invalid++;
    }
  }

  /**
   * The encoding to decode with (call after the last chunk): windows-1252 when some bytes are not UTF-8 and no
   * valid multi-byte character exists, or when more than a handful (8) are invalid and they are at least a tenth
   * of the valid multi-byte characters; otherwise utf-8 (stray bytes become U+FFFD).
   */
  verdict(): 'utf-8' | 'windows-1252' {
    const invalid = this.invalid + (this.pending > 0 ? 1 : 0);
    if (invalid > 0 && this.multiByte === 0) return 'windows-1252';
    if (invalid > 8 && invalid * 10 >= this.multiByte) return 'windows-1252';
    return 'utf-8';
  }
}
