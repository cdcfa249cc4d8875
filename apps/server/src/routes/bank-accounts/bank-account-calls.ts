import {
  BANK_ACCOUNT_MESSAGES as M, ZAddBankAccountBody, ZApiEnvelope, ZBankAccount, ZBankAccountParams, ZBankAccountsCuidParams, ZClabeInfo,
  ZClabeInfoBody, ZLinkBankAccountBody, ZRentBankAccount, ZRentPaymentsParams,
} from '@nj/contracts';
import { addBankAccount, clabeInfo, deleteBankAccount, getRentBankAccount, linkRentBankAccount, listBankAccounts } from '@nj/core';
import { z } from 'zod';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * Bank accounts (issue 13; spec 03 §3 'Bank account' and Rent 'bank_account', §7; decision 025). Numbers are whole only
 * to their owner, otherwise '•••• 1234'.
 * - GET /api/v1/client/{cuid}/bank-accounts — the client's active accounts, newest first (own only). 403 others.
 * - POST /api/v1/client/bank-accounts/info `{ clabe }` — `{ valid, bank_key, bank_name, warning, error }` (Spanish texts);
 *   an unknown bank code is valid with a warning. Signed-in clients.
 * - POST /api/v1/client/bank-accounts `{ holder_name, clabe }` or `{ holder_name, swift, account }` — adds one; 400 with
 *   the Spanish reason (check digit, length, SWIFT), 409 duplicate or too many. Waiting payouts are sent.
 * - DELETE /api/v1/client/bank-accounts/{id} — soft delete (isdel); 404 when not the caller's.
 * - POST /api/v1/rents/link-bank-account `{ ruid, bank_account }` — the rent's owner links one of their accounts for
 *   the rent's payouts; 403 the tenant, 404 a stranger or someone else's account.
 * - GET /api/v1/rents/{ruid}/bank-account — the linked account (whole to the owner, masked to the tenant) or null.
 */
export default defineRoute((app) => {
  const deps = () => ({ database: app.services.database, dataKey: app.services.config.dataKey });

  app.get('/api/v1/client/:cuid/bank-accounts', {
    schema: { tags: ['cuentas bancarias'], summary: 'Cuentas bancarias del cliente', params: ZBankAccountsCuidParams, response: { 200: ZApiEnvelope(z.array(ZBankAccount)) } },
    preValidation: can('bank_account', 'manage_own'),
    handler: async (request) => ({ msg: 'OK', data: await listBankAccounts(deps(), request.actor, request.params.cuid) }),
  });

  app.post('/api/v1/client/bank-accounts/info', {
    schema: { tags: ['cuentas bancarias'], summary: 'Validar una CLABE y nombrar su banco', body: ZClabeInfoBody, response: { 200: ZApiEnvelope(ZClabeInfo) } },
    preValidation: can('bank_account', 'manage_own'),
    handler: async (request) => {
      const data = clabeInfo(request.body.clabe);
      return { msg: data.error ?? (data.warning ? M.unknownBankOk : M.validClabe), data };
    },
  });

  app.post('/api/v1/client/bank-accounts', {
    schema: { tags: ['cuentas bancarias'], summary: 'Agregar una cuenta bancaria', body: ZAddBankAccountBody, response: { 200: ZApiEnvelope(ZBankAccount) } },
    preValidation: can('bank_account', 'manage_own'),
    handler: async (request) => ({ msg: M.added, data: await addBankAccount(deps(), request.actor, request.body) }),
  });

  app.delete('/api/v1/client/bank-accounts/:id', {
    schema: { tags: ['cuentas bancarias'], summary: 'Eliminar una cuenta bancaria', params: ZBankAccountParams, response: { 200: ZApiEnvelope(z.null()) } },
    preValidation: can('bank_account', 'manage_own'),
    handler: async (request) => {
      await deleteBankAccount(deps(), request.actor, request.params.id);
      return { msg: M.deleted, data: null };
    },
  });

  app.post('/api/v1/rents/link-bank-account', {
    schema: { tags: ['cuentas bancarias'], summary: 'Elegir la cuenta que recibe los pagos de la renta', body: ZLinkBankAccountBody, response: { 200: ZApiEnvelope(ZBankAccount) } },
    preValidation: can('bank_account', 'link_rent'),
    handler: async (request) => ({ msg: M.linked, data: await linkRentBankAccount(deps(), request.actor, { ruid: request.body.ruid, bauid: request.body.bank_account }) }),
  });

  app.get('/api/v1/rents/:ruid/bank-account', {
    schema: { tags: ['cuentas bancarias'], summary: 'Cuenta que recibe los pagos de la renta', params: ZRentPaymentsParams, response: { 200: ZApiEnvelope(ZRentBankAccount) } },
    preValidation: can('bank_account', 'link_rent'),
    handler: async (request) => ({ msg: 'OK', data: await getRentBankAccount(deps(), request.actor, request.params.ruid) }),
  });
});
