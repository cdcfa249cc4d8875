import { expect, type Page } from '@playwright/test';

/**
 * The code of the newest message to `email` in the dev outbox whose subject contains `subject`, waiting up to 15 s
 * for it (e-mails may go out through the job queue).
 */
export async function newestCode(page: Page, email: string, subject: string): Promise<string> {
  let code: string | undefined;
  await expect.poll(async () => {
    const outbox = await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
    code = (outbox.data as { subject?: string | null; codes: string[] }[]).find((m) => (m.subject ?? '').includes(subject) && m.codes.length)?.codes[0];
    return code;
  }, { timeout: 15_000 }).toBeDefined();
  return code!;
}
