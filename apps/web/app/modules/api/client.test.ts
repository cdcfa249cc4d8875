import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMMON_MESSAGES } from '@nj/contracts/common/messages';
import { api, ApiError, readCookie } from './client.ts';

describe('readCookie', () => {
  it('reads and decodes one cookie, and never throws on a malformed value', () => {
    expect(readCookie('a=1; nj_csrf=x%2Ey; b=2', 'nj_csrf')).toBe('x.y');
    expect(readCookie('nj_sid=%', 'nj_sid')).toBe('%');
    expect(readCookie('nj_sid=%E0%A4', 'nj_sid')).toBe('%E0%A4');
    expect(readCookie('a=1', 'nj_sid')).toBeUndefined();
  });
});

describe('api', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** Stubs fetch with one answer and document.cookie with a CSRF token; returns the fetch mock. */
  function stub(status: number, payload: unknown) {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(payload), { status }));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('document', { cookie: 'nj_sid=s; nj_csrf=tok%2E1' });
    return fetchMock;
  }

  it('echoes the CSRF cookie on writes only and sends JSON bodies as JSON', async () => {
    const fetchMock = stub(200, { msg: 'ok', data: { id: 7 } });
    expect(await api('POST', '/v1/x', { body: { a: 1 }, query: { q: 'b', empty: '' }, keepalive: true })).toEqual({ id: 7 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/x?q=b');
    expect(init.headers).toMatchObject({ 'X-CSRF-TOKEN': 'tok.1', 'Content-Type': 'application/json' });
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"a":1}', keepalive: true });

    await api('GET', '/v1/x');
    const [, getInit] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(getInit.headers).not.toHaveProperty('X-CSRF-TOKEN');
  });

  it('sends a FormData as it is, so the browser sets the multipart boundary', async () => {
    const fetchMock = stub(200, { msg: 'ok', data: null });
    const form = new FormData();
    form.append('data', '{}');
    await api('POST', '/v1/property', { body: form });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
    expect(init.headers).toMatchObject({ 'X-CSRF-TOKEN': 'tok.1' });
  });

  it("throws the server's Spanish msg with the answer's data, or the generic and connection texts", async () => {
    stub(422, { msg: 'Revisa los campos marcados', data: { fields: { title: 'x' } } });
    const error = await api('PUT', '/v1/x', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Revisa los campos marcados', status: 422, data: { fields: { title: 'x' } } });

    stub(500, {});
    await expect(api('GET', '/v1/x')).rejects.toMatchObject({ message: COMMON_MESSAGES.generic, status: 500 });

    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    await expect(api('GET', '/v1/x')).rejects.toMatchObject({ message: COMMON_MESSAGES.connection, status: 0 });
  });
});
