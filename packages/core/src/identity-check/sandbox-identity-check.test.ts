import { describe, expect, it } from 'vitest';
import { IDENTITY_CHECK_MESSAGES } from '@nj/contracts';
import { createSandboxIdentityCheck, SANDBOX_INE } from './sandbox-identity-check.ts';

describe('the sandbox INE check', () => {
  const sandbox = createSandboxIdentityCheck();
  it('approves, declines or holds a card by its documented test numbers', async () => {
    const base = { citizenId: SANDBOX_INE.citizenId, reference: 'idp-9' };
    expect(await sandbox.check({ ...base, cic: SANDBOX_INE.approvedCic })).toMatchObject({ status: 'success', providerStatus: 'Approved', matchType: 'full_match' });
    expect(await sandbox.check({ ...base, cic: SANDBOX_INE.declinedCic })).toMatchObject({ status: 'failure', providerStatus: 'Declined', matchType: 'no_match' });
    expect(await sandbox.check({ ...base, cic: SANDBOX_INE.inReviewCic })).toMatchObject({ status: 'pending', providerStatus: 'In Review' });
    const modelC = { emissionNumber: '01', ocr: '1234567890123', reference: 'c' };
    expect(await sandbox.check({ ...modelC, voterKey: 'GMLPAN90040114M800' })).toMatchObject({ status: 'success' });
    expect(await sandbox.check({ ...modelC, voterKey: 'GMLPAN00040114M800' })).toMatchObject({ status: 'failure' });
  });
  it('gives the same reference for the same input and another for another attempt', async () => {
    const a = await sandbox.check({ cic: SANDBOX_INE.approvedCic, citizenId: SANDBOX_INE.citizenId, reference: 'r1' });
    const b = await sandbox.check({ cic: SANDBOX_INE.approvedCic, citizenId: SANDBOX_INE.citizenId, reference: 'r1' });
    const c = await sandbox.check({ cic: SANDBOX_INE.approvedCic, citizenId: SANDBOX_INE.citizenId, reference: 'r2' });
    expect(a.providerReference).toMatch(/^sandbox-[0-9a-f]{16}$/);
    expect(b.providerReference).toBe(a.providerReference);
    expect(c.providerReference).not.toBe(a.providerReference);
  });
  it('refuses what the real provider would refuse, with the same Spanish texts', async () => {
    await expect(sandbox.check({ cic: '12345678X', citizenId: SANDBOX_INE.citizenId, reference: 'x' }))
      .rejects.toMatchObject({ code: 'BAD_REQUEST', msg: IDENTITY_CHECK_MESSAGES.invalidData });
    await expect(sandbox.check({ ocr: '1234567890123', reference: 'x' })).rejects.toMatchObject({ code: 'BAD_REQUEST', msg: IDENTITY_CHECK_MESSAGES.missingData });
    await expect(sandbox.check({ voterKey: 'GMLPAN00040114X800', emissionNumber: '01', ocr: '1234567890123', reference: 'x' }))
      .rejects.toMatchObject({ code: 'BAD_REQUEST', fields: { voterKey: IDENTITY_CHECK_MESSAGES.invalidData } });
  });
});
