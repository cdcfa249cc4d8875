import { describe, expect, it } from 'vitest';
import { BANK_ACCOUNT_MESSAGES as M, PERSON_MESSAGES as P } from '@nj/contracts';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { insertTestRent } from '@nj/core/rent-documents/testing/document-fixtures';
import { schedulePayout } from '@nj/core/payouts/schedule-payout';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs } from '../../testing/call-as.ts';

const t = useTestApp();
const BANAMEX = '002010077777777771';
/** BBVA (012) with a valid check digit. */
const BBVA = '012180001234567899';
const UNKNOWN_BANK = '999180001234567899';

describe('bank accounts (issue 13; spec 03 §7; decision 025)', () => {
  it('checks a CLABE: valid with the bank, wrong check digit refused, unknown bank warned; malformed never 500', async () => {
    const me = await createTestClientSession(t.database);
    const ok = await callAs(t.app, me, 'POST', '/api/v1/client/bank-accounts/info', { clabe: '002 010 07777777777 1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ valid: true, bank_key: '002', bank_name: 'Banamex', warning: null, error: null });
    const wrong = await callAs(t.app, me, 'POST', '/api/v1/client/bank-accounts/info', { clabe: '002010077777777772' });
    expect(wrong.json().data).toMatchObject({ valid: false, error: P.clabeCheckDigit });
    const unknown = await callAs(t.app, me, 'POST', '/api/v1/client/bank-accounts/info', { clabe: UNKNOWN_BANK });
    expect(unknown.json().data).toMatchObject({ valid: true, bank_name: null, warning: P.clabeUnknownBank('999') });
    expect(unknown.json().msg).toBe(M.unknownBankOk);
    for (const body of [null, [], { clabe: 5 }, { clabe: 'x'.repeat(500) }, { clabe: BANAMEX, extra: 1 }]) {
      const res = await callAs(t.app, me, 'POST', '/api/v1/client/bank-accounts/info', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().msg).toBe('string');
    }
    expect((await callAs(t.app, null, 'POST', '/api/v1/client/bank-accounts/info', { clabe: BANAMEX })).statusCode).toBe(401);
  });

  it('adds, lists (own only, whole number), refuses duplicates and bad input, deletes', async () => {
    const me = await createTestClientSession(t.database);
    const other = await createTestClientSession(t.database);
    const added = await callAs(t.app, me, 'POST', '/api/v1/client/bank-accounts', { holder_name: 'Ana López', clabe: BANAMEX });
    expect(added.statusCode).toBe(200);
    expect(added.json().data).toMatchObject({ kind: 'clabe', bank_name: 'Banamex', number: BANAMEX, last4: '7771' });
    const foreign = await callAs(t.app, me, 'POST', '/api/v1/client/bank-accounts', { holder_name: 'Ana López', swift: 'deut de ff', account: 'DE89 3704 0044 0532 0130 00' });
    expect(foreign.json().data).toMatchObject({ kind: 'foreign', swift: 'DEUTDEFF', last4: '3000' });
    expect((await callAs(t.app, me, 'POST', '/api/v1/client/bank-accounts', { holder_name: 'Ana', clabe: BANAMEX })).json().msg).toBe(M.duplicateAccount);
    const bad = [
      [{ holder_name: 'Ana', clabe: '002010077777777772' }, P.clabeCheckDigit],
      [{ holder_name: 'Ana', clabe: '12345' }, P.clabeLength(5)],
      [{ holder_name: 'Ana', swift: 'XX', account: '12345678' }, M.swiftInvalid],
      [{ holder_name: 'Ana' }, M.clabeOrSwift],
      [{ holder_name: '', clabe: BANAMEX }, M.holderRequired],
    ] as const;
    for (const [body, msg] of bad) {
      const res = await callAs(t.app, me, 'POST', '/api/v1/client/bank-accounts', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    // the number is sealed at rest
    const stored = await t.database.db.selectFrom('bank_accounts' as never).select(['number_sealed' as never]).where('cuid' as never, '=', me.cuid as never).execute();
    expect(JSON.stringify(stored)).not.toContain(BANAMEX);

    const list = await callAs(t.app, me, 'GET', `/api/v1/client/${me.cuid}/bank-accounts`);
    expect(list.json().data.map((a: { number: string }) => a.number)).toEqual(['DE89370400440532013000', BANAMEX]);
    expect((await callAs(t.app, other, 'GET', `/api/v1/client/${me.cuid}/bank-accounts`)).statusCode).toBe(403);

    const id = added.json().data.id as string;
    expect((await callAs(t.app, other, 'DELETE', `/api/v1/client/bank-accounts/${id}`)).statusCode).toBe(404);
    expect((await callAs(t.app, me, 'DELETE', `/api/v1/client/bank-accounts/${id}`)).json().msg).toBe(M.deleted);
    expect((await callAs(t.app, me, 'DELETE', `/api/v1/client/bank-accounts/${id}`)).statusCode).toBe(404);
    expect((await callAs(t.app, me, 'GET', `/api/v1/client/${me.cuid}/bank-accounts`)).json().data).toHaveLength(1);
  });

  it("only the rent's owner links one of their own accounts; the tenant sees it masked; waiting payouts are released", async () => {
    const { owner, renter, stranger, ruid } = await insertTestRent(t.database, 'on_rent');
    const pouid = await schedulePayout(t.database, { cuid: owner.cuid, ruid, amountCents: 1_200_000, reason: 'rent_release', sourceTuids: ['t-1'] });
    const mine = (await callAs(t.app, owner, 'POST', '/api/v1/client/bank-accounts', { holder_name: 'Dueña', clabe: BBVA })).json().data.id as string;
    const renters = (await callAs(t.app, renter, 'POST', '/api/v1/client/bank-accounts', { holder_name: 'Inquilino', clabe: BANAMEX })).json().data.id as string;

    expect((await callAs(t.app, renter, 'POST', '/api/v1/rents/link-bank-account', { ruid, bank_account: renters })).json().msg).toBe(M.onlyOwnerLinks);
    expect((await callAs(t.app, stranger, 'POST', '/api/v1/rents/link-bank-account', { ruid, bank_account: mine })).statusCode).toBe(404);
    expect((await callAs(t.app, owner, 'POST', '/api/v1/rents/link-bank-account', { ruid, bank_account: renters })).statusCode).toBe(404);
    expect((await callAs(t.app, owner, 'POST', '/api/v1/rents/link-bank-account', { ruid })).statusCode).toBe(400);
    const linked = await callAs(t.app, owner, 'POST', '/api/v1/rents/link-bank-account', { ruid, bank_account: mine });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().msg).toBe(M.linked);

    const ownerView = (await callAs(t.app, owner, 'GET', `/api/v1/rents/${ruid}/bank-account`)).json().data;
    expect(ownerView).toMatchObject({ is_owner: true, account: { number: BBVA, bank_name: 'BBVA México' } });
    const renterView = await callAs(t.app, renter, 'GET', `/api/v1/rents/${ruid}/bank-account`);
    expect(renterView.json().data).toMatchObject({ is_owner: false, account: { number: '•••• 7899' } });
    expect(renterView.body).not.toContain(BBVA);
    expect((await callAs(t.app, stranger, 'GET', `/api/v1/rents/${ruid}/bank-account`)).statusCode).toBe(404);

    const payout = await t.database.db.selectFrom('payouts' as never).select(['status' as never, 'bauid' as never]).where('pouid' as never, '=', pouid as never).executeTakeFirstOrThrow();
    expect(payout).toEqual({ status: 'scheduled', bauid: mine });
  });
});
