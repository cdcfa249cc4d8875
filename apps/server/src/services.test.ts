import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import { readServerConfig } from './config.ts';
import { createAppServices } from './services.ts';

let database: Database;
let dataDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'nj-services-'));
});
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('createAppServices (issue 8 §2: every adapter built once from ServerConfig)', () => {
  it('builds the local media storage under DATA_DIR/media and the sandbox text provider by default', async () => {
    const config = readServerConfig({ SESSION_SECRET: 'x'.repeat(40), DATA_DIR: dataDir });
    const { services, close } = await createAppServices({ database, config });
    try {
      expect(services.config).toBe(config);
      expect(services.textProvider.name).toBe('sandbox');
      expect(services.identityCheck.name).toBe('sandbox');
      expect(services.creditBureau.name).toBe('sandbox');
      await services.storage.put('profiles/c_1/a.webp', Buffer.from('x'), { contentType: 'image/webp' });
      expect(existsSync(join(dataDir, 'media/profiles/c_1/a.webp'))).toBe(true);
      expect(services.messaging).toMatchObject({ database, isProduction: false, smtpUrl: undefined });
    } finally {
      await close();
    }
  });

  it('builds Twilio from its settings, and a refusing provider in production when none is configured', async () => {
    const twilio = readServerConfig({
      SESSION_SECRET: 'x'.repeat(40), DATA_DIR: dataDir, SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC' + 'a'.repeat(32), TWILIO_AUTH_TOKEN: 't', TWILIO_FROM: '+14155550100',
    });
    const built = await createAppServices({ database, config: twilio });
    expect(built.services.textProvider.name).toBe('twilio');
    await built.close();

    const production = readServerConfig({ NODE_ENV: 'production', SESSION_SECRET: 'p'.repeat(40), DATA_ENCRYPTION_KEY: 'a'.repeat(64), DATA_DIR: dataDir });
    const none = await createAppServices({ database, config: production });
    expect(none.services.textProvider.name).toBe('none');
    expect(none.services.identityCheck.name).toBe('none');
    expect(none.services.creditBureau.name).toBe('none');
    await expect(none.services.textProvider.send({ channel: 'sms', to: '+525512345678', text: 'x', codes: [] }))
      .rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await none.close();
  });
});
