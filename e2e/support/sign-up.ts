import { expect, type Page } from '@playwright/test';

/** The CSRF token the server gave this page's browser (the nj_csrf cookie), for calls made with page.request. */
export async function csrfOf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'nj_csrf')?.value ?? '';
}

/**
 * Signs `page`'s browser up through the API as a person would through the modal (spec 02: sign-up, PIN from the
 * dev outbox, sign-up again with the PIN), leaving it signed in as `nickname`.
 */
export async function signUpThroughApi(page: Page, email: string, nickname: string): Promise<void> {
  await page.goto('/');
  const body = { email, nickname, password: 'secreta-789' };
  // Each person signs up from an address of their own (TEST-NET-2, derived from the e-mail; start-server.ts trusts
  // loopback as a proxy), as people do: the per-IP sign-up limit is about one address, not about a whole test run.
  let hash = 0;
  for (const ch of email) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const from = { 'X-Forwarded-For': `198.51.100.${1 + (hash % 254)}` };
  expect((await page.request.post('/api/v1/signup', { data: body, headers: { 'X-CSRF-TOKEN': await csrfOf(page), ...from } })).ok()).toBeTruthy();
  // The PIN's e-mail goes out through the job queue: wait until the dev outbox holds it.
  let pin: string | undefined;
  await expect.poll(async () => {
    const outbox = await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
    pin = (outbox.data as { codes: string[] }[]).find((m) => m.codes.length)?.codes[0];
    return pin;
  }, { timeout: 15_000 }).toBeDefined();
  expect((await page.request.post('/api/v1/signup', { data: { ...body, pin }, headers: { 'X-CSRF-TOKEN': await csrfOf(page), ...from } })).ok()).toBeTruthy();
}
