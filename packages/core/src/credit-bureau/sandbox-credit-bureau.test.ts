import { describe, expect, it } from 'vitest';
import { CREDIT_BUREAU_MESSAGES } from '@nj/contracts';
import type { CreditBureauPerson } from './credit-bureau-provider.ts';
import { createSandboxCreditBureau, SANDBOX_CREDIT } from './sandbox-credit-bureau.ts';
import { toCreditReportRecord } from './to-credit-report-record.ts';

const person: CreditBureauPerson = {
  firstName: 'Ana', firstLastName: 'López', otherLastNames: 'Ruiz', birthdate: '1988-02-29', rfc: 'LORA880229', curp: 'LORA880229MJCPZN09',
  address: { street: 'Calle Morelos 12', municipality: 'Zapopan', city: 'Zapopan', state: 'jalisco', cp: '45010' }, reference: 'cr-9',
};
const at = new Date('2026-11-26T00:00:00Z');

describe('the sandbox credit bureau', () => {
  const sandbox = createSandboxCreditBureau({ now: () => at });
  it('gives a good, a low or no score by the documented last names, with a stable folio', async () => {
    const good = await sandbox.getReport(person);
    expect(good).toMatchObject({ provider: 'sandbox', score: SANDBOX_CREDIT.goodScore, reasons: ['K0', 'D2'], username: null, expiresAt: new Date('2026-12-26T00:00:00Z') });
    expect((await sandbox.getReport(person)).folio).toBe(good.folio);
    expect(await sandbox.getReport({ ...person, firstLastName: SANDBOX_CREDIT.lowScoreLastName })).toMatchObject({ score: SANDBOX_CREDIT.lowScore, reasons: ['D8', 'E4', 'K0', 'D2'] });
    expect(await sandbox.getReport({ ...person, firstLastName: SANDBOX_CREDIT.noHistoryLastName })).toMatchObject({ score: null, reasons: [] });
    const answer = JSON.parse(good.response);
    expect(answer).toMatchObject({ folioConsulta: good.folio, scores: [{ nombreScore: 'FICO', valor: 720 }], persona: { RFC: 'LORA880229', apellidoPaterno: 'LOPEZ' } });
  });
  it('refuses what Círculo would refuse, with the same Spanish text and fields', async () => {
    await expect(sandbox.getReport({ ...person, birthdate: '1989-02-29', rfc: 'LORA88', address: { ...person.address, street: 'Morelos' } }))
      .rejects.toMatchObject({ code: 'BAD_REQUEST', msg: CREDIT_BUREAU_MESSAGES.rejectedData, fields: { birthdate: expect.any(String), rfc: expect.any(String), street: expect.any(String) } });
    await expect(sandbox.getReport({ ...person, curp: 'NOTACURP' })).rejects.toMatchObject({ fields: { curp: expect.any(String) } });
  });
});

describe('toCreditReportRecord (spec 03 §3 credit report record)', () => {
  it('maps a report to the record with its time to live, provider data and score fields', async () => {
    const report = await createSandboxCreditBureau({ now: () => at }).getReport(person);
    expect(toCreditReportRecord({ uid: 'm-1', renterType: 'renter', report, pdfKey: 'reports/m-1.pdf' })).toEqual({
      m_uid: 'm-1', m_status: 'completed', m_rtype: 'renter', m_createdat: '2026-11-26T00:00:00.000Z', m_updatedat: '2026-11-26T00:00:00.000Z',
      m_ttl: '2026-12-26T00:00:00.000Z', m_sic_pdf: 'reports/m-1.pdf', m_multiburo_pdf: null, m_report_pwd: null, m_sicprovider: 'sandbox',
      m_sicresponse: report.response, m_sicsource: `rccficoscore:${report.folio}`, m_sicusername: null,
      renter_credit_score: 720, renter_credit_score_reasons: ['K0', 'D2'],
    });
    const circulo = { ...report, provider: 'circulo' as const, username: 'cdc-user' };
    expect(toCreditReportRecord({ uid: 'm-2', renterType: 'aval', report: circulo })).toMatchObject({ m_sicprovider: 'circulo_de_credito', m_sicusername: 'cdc-user', m_sic_pdf: null, m_rtype: 'aval' });
  });
});
