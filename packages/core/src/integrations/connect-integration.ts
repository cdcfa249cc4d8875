import type { Database } from '@nj/db';
import type { TConnectIntegrationBody, TIntegration } from '@nj/contracts';
import type { Actor } from '../policies/actor.ts';
import { sealText } from '../security/seal-text.ts';
import type { ListingSources } from './create-listing-sources.ts';
import { loadOwnAgency, newIuid, providerNotConfigured } from './integration-access.ts';
import { integrationsRepository } from './integrations-repository.ts';
import { listIntegrations } from './list-integrations.ts';
import type { EasyBrokerCredentials, KwCredentials } from './synced-listing.ts';

/**
 * POST /v1/integrations (spec 03 §7; issue 16): the agency's administrator connects EasyBroker (API key) or KW (client
 * id and secret). The credentials are first tried against the provider (one cheap call), then sealed with
 * AES-256-GCM under DATA_ENCRYPTION_KEY and stored (connecting again replaces them). The listings come with the
 * next scheduled sync (integrations.schedule, every hour) or at once with 'Sincronizar ahora' (the pull call).
 * @returns the connection as the list shows it
 * @throws AppError UNAUTHORIZED; FORBIDDEN no agency / not its administrator; CONFLICT 'El proveedor rechazó las
 *   credenciales…' (401 from the provider); UNAVAILABLE when the provider cannot be reached or is not configured
 */
export async function connectIntegration(
  deps: { database: Database; dataKey: Buffer; sources: ListingSources },
  input: { actor: Actor; body: TConnectIntegrationBody },
): Promise<TIntegration> {
  const agency = (await loadOwnAgency(deps.database, input.actor))!;
  const b = input.body;
  let credentials: EasyBrokerCredentials | KwCredentials;
  let hint: string;
  if (b.provider === 'easybroker') {
    if (!deps.sources.easybroker) throw providerNotConfigured('easybroker');
    credentials = { apiKey: b.api_key };
    await deps.sources.easybroker.verify(credentials);
    hint = b.api_key.slice(-4);
  } else {
    if (!deps.sources.kw) throw providerNotConfigured('kw');
    credentials = { clientId: b.client_id, clientSecret: b.client_secret };
    await deps.sources.kw.verify(credentials);
    hint = b.client_id.slice(-4);
  }
  const sealed = sealText(deps.dataKey, JSON.stringify(credentials));
  await integrationsRepository.upsert(deps.database.db, { iuid: newIuid(), auid: agency.auid, provider: b.provider, sealed, hint, cuid: input.actor.cuid! });
  const list = await listIntegrations(deps.database, { actor: input.actor });
  return list.items.find((i) => i.provider === b.provider)!;
}
