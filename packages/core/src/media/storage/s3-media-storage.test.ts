/// <reference path="./s3rver.d.ts" />
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaStorage, readS3Config } from './create-media-storage.ts';
import { createS3MediaStorage } from './s3-media-storage.ts';

let server: S3rver;
let dir: string;
let endpoint: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nj-s3rver-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'nj-media', configs: [] }] });
  const address = await server.run();
  endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('S3 media storage against a local S3-compatible server (s3rver)', () => {
  it('puts, gets with content type, deletes, and answers null for a missing key', async () => {
    const storage = createMediaStorage({
      s3: readS3Config({ S3_ENDPOINT: endpoint, S3_BUCKET: 'nj-media', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: '1' }),
      localRoot: join(dir, 'unused'),
    });
    const body = Buffer.from('RIFF....WEBPVP8 fake');
    await storage.put('properties/p_1/abc_card.webp', body, { contentType: 'image/webp' });
    const got = await storage.get('properties/p_1/abc_card.webp');
    expect(got?.contentType).toBe('image/webp');
    expect(got?.body.equals(body)).toBe(true);
    expect(storage.url('properties/p_1/abc_card.webp')).toBe('/media/properties/p_1/abc_card.webp');
    expect(await storage.get('properties/p_1/nada.webp')).toBeNull();
    await storage.delete('properties/p_1/abc_card.webp');
    expect(await storage.get('properties/p_1/abc_card.webp')).toBeNull();
    await storage.delete('properties/p_1/abc_card.webp'); // missing: not an error
    expect(await storage.get('../etc/passwd')).toBeNull();
    await expect(storage.put('../x', body, { contentType: 'image/webp' })).rejects.toThrow();
  });

  it('keys live under an optional prefix; config is read from the S3_* variables', async () => {
    const s = createS3MediaStorage({ endpoint, bucket: 'nj-media', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, prefix: 'prod' });
    await s.put('a/b.webp', Buffer.from('x'), { contentType: 'image/webp' });
    const plain = createS3MediaStorage({ endpoint, bucket: 'nj-media', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
    expect((await plain.get('prod/a/b.webp'))?.body.toString()).toBe('x');
    // list(): keys under the store's own prefix, with their times (for the orphan sweep)
    await s.put('a/c.webp', Buffer.from('y'), { contentType: 'image/webp' });
    const listed: { key: string; modifiedAt: Date }[] = [];
    for await (const o of s.list('a/')) listed.push(o);
    expect(listed.map((o) => o.key).sort()).toEqual(['a/b.webp', 'a/c.webp']);
    expect(listed.every((o) => o.modifiedAt instanceof Date && Date.now() - o.modifiedAt.getTime() < 600_000)).toBe(true);
    const none: string[] = [];
    for await (const o of s.list('nada/')) none.push(o.key);
    expect(none).toEqual([]);
    expect(readS3Config({})).toBeNull();
    expect(readS3Config({ S3_BUCKET: 'b' })).toMatchObject({ bucket: 'b', region: 'us-east-1', forcePathStyle: false });
    expect(() => readS3Config({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow();
  });
});
