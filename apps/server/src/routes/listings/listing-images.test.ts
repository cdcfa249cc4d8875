import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../testing/test-app.ts';
import { TestBrowser } from '../../testing/test-browser.ts';
import { startJobWorker } from '../../jobs/start-job-worker.ts';

const t = useTestApp({ DEV_OUTBOX: '1' }, { dataDirPrefix: 'nj-listing-images-' });

class Browser extends TestBrowser {
  constructor() { super(t.app, '10.15'); }
  upload(url: string, data: string | null, files: { buf: Buffer; name: string }[]) {
    return this.multipart(url, data ? { data } : {}, files);
  }
}

let n = 0;
async function owner(): Promise<Browser> {
  const email = `fotos${++n}-${Date.now()}@example.com`;
  const b = new Browser();
  const cuid = (await b.call('POST', '/api/v1/client/anonymous')).json().data.client.cuid as string;
  await b.call('POST', '/api/v1/signup', { client: cuid, email, nickname: 'Dueño', password: 'secreta-123' });
  const pin = (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` })).json().data[0].codes[0];
  await b.call('POST', '/api/v1/signup', { client: cuid, email, nickname: 'Dueño', password: 'secreta-123', pin });
  return b;
}

// Around Isla Socorro, where no seeded listing is.
const house = {
  operation: 'renta', property_type: 'house',
  location: { street: 'Av. Hidalgo', number_ext: '7', neighborhood: 'Providencia', municipality: 'Guadalajara', state: 'jalisco', zip: '44630', lat: 18.78, lng: -110.98 },
  rents: { price: 25_000, currency_type: 'mxn', based_on: 'valor_total' },
};
type Img = { name: string; order: number; processing?: boolean };

describe('GET /api/v1/property/{id}/images (issue 9 §6)', () => {
  it('answers the owner every photo with its processing mark, so the form can tell a photo the job dropped; others are refused', async () => {
    const b = await owner();
    const small = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();
    // Over 4 MP (processed by the job) and cut short, so the job cannot decode it and drops it.
    const noisy = await sharp({ create: { width: 2600, height: 2000, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 120, sigma: 40 } } }).jpeg().toBuffer();
    const pub = await b.upload('/api/v1/property', JSON.stringify(house), [{ buf: noisy.subarray(0, 20_000), name: 'rota.jpg' }, { buf: small, name: 'buena.jpg' }]);
    expect(pub.statusCode, pub.body).toBe(200);
    const puid = pub.json().data.uid as string;

    const images = async () => {
      const res = await b.call('GET', `/api/v1/property/${puid}/images`);
      expect(res.statusCode).toBe(200);
      return res.json().data.images as Img[];
    };
    const before = await images();
    expect(before.map((i) => i.processing ?? false)).toEqual([true, false]);
    // The public detail shows only the ready photo (which is therefore the cover).
    const detail = (await b.call('GET', `/api/v1/properties/${puid}`)).json().data as { images: Img[] };
    expect(detail.images.map((i) => i.name)).toEqual([before[1]!.name]);

    const worker = await startJobWorker(t.app.services, { url: undefined });
    try {
      await vi.waitFor(async () => expect((await images()).map((i) => i.name)).toEqual([before[1]!.name]), { timeout: 30_000, interval: 100 });
    } finally {
      await worker.stop();
    }
    expect((await images())[0]).toMatchObject({ order: 0 });

    const other = await owner();
    expect((await other.call('GET', `/api/v1/property/${puid}/images`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/property/${puid}/images` })).statusCode).toBe(401);
    expect((await b.call('GET', '/api/v1/property/no-existe/images')).statusCode).toBe(404);
  });
});
