import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AGENCY_MESSAGES as M, PROFILE_PHOTO, ZAgencyAgentsPage, ZAgencyAgentsQuery, ZAgency, ZAgencyAuidParams,
  ZAgenciesPage, ZAgenciesQuery, ZAgencyPropertiesPage, ZAgencyPropertiesQuery, ZAgencyProperty, ZAgencyPropertyActiveBody, ZAgencyPropertyParams, ZAgentProcess,
  ZAgentProcessQuery, ZAgentUpdateParams, ZApiEnvelope, ZAssignAgencyPropertyBody, ZBuyAgencyPlanBody, ZCheckoutResult, ZCreateAgencyBody,
  ZMyAgency, ZRenewAgencyPlanBody, ZUpdateAgencyBody,
} from '@nj/contracts';
import { ASSOCIATION_MESSAGES } from '@nj/contracts';
import { listAssociationAgencies } from '@nj/core/associations/list-association-agencies';
import { assignAgencyProperty } from '@nj/core/agencies/assign-agency-property';
import { buyAgencyPlan } from '@nj/core/agencies/buy-agency-plan';
import { createAgency } from '@nj/core/agencies/create-agency';
import { decideAgent } from '@nj/core/agencies/decide-agent';
import { getAgentProcess } from '@nj/core/agencies/get-agent-process';
import { getMyAgency } from '@nj/core/agencies/get-my-agency';
import { listAgencyAgents } from '@nj/core/agencies/list-agency-agents';
import { listAgencyProperties } from '@nj/core/agencies/list-agency-properties';
import { requestToJoinAgency } from '@nj/core/agencies/request-to-join';
import { searchAgencies } from '@nj/core/agencies/search-agencies';
import { setAgencyPropertyActive } from '@nj/core/agencies/set-agency-property-active';
import { invalidateListingRents } from '@nj/core';
import { updateAgency } from '@nj/core/agencies/update-agency';
import { uploadAgencyLogo } from '@nj/core/agencies/upload-agency-logo';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';
import { limitNonMultipartBody, uploadHandlerDone } from '../media/upload-memory.ts';
import { readImageUpload } from '../media/read-image-upload.ts';

/**
 * Agencies and agents (issue 15 'Agencies and agents'; spec 03 §3 Agency, §6, §7 Agencies; decision 028). Every
 * answer is `{ msg, data }`; refusals are agencyPolicy's (401 visitors and anonymous clients, 403 not the
 * administrator / not an approved agent, 404 unknown); bad input a Spanish 400.
 * - POST /api/v1/agencies `{ name, base_domain?, color_primary?, color_secondary?, kind? }` → ZAgency (409 a second
 *   agency, a taken name or domain).
 * - GET /api/v1/agencies?search&page → ZAgenciesPage (anyone: name, kind, logo); with `asso` the association's
 *   approved member agencies (spec 03 §7 GET /v1/agencies?asso; decision 029).
 *   Kind 'association' (with mexican_state) creates the caller's association: association_admin only (decision 029).
 * - GET /api/v1/agencies/my → ZMyAgency (the agency I administer, my agent membership).
 * - PUT /api/v1/agencies/{auid} (settings) → ZAgency; POST /api/v1/agencies/{auid}/profilephoto (multipart
 *   `profilephoto`, an image by content, ≤ 50 MB, ≤ 40 MP) → ZAgency.
 * - POST /api/v1/agencies/{auid}/register → ZAgentProcess (ask to join; 409 when already in one); opens the
 *   client's AG ticket for support (decision 029).
 * - GET /api/v1/client/agent-process?agency_uid → ZAgentProcess | null.
 * - GET /api/v1/agencies/{auid}/agents?page&approved → ZAgencyAgentsPage (administrator).
 * - POST /api/v1/agencies/{agent_uid}/{typeOfUpdate} (approve | suspend | remove) → ZAgentProcess (administrator;
 *   409 beyond the seats in force, with the Spanish seats message).
 * - GET /api/v1/agencies/{auid}/properties?page&search&status → ZAgencyPropertiesPage (administrator and approved
 *   agents); POST /api/v1/agencies/{auid}/properties/{puid}/assign `{ agent_uid | null }` → ZAgencyProperty
 *   (administrator); PUT /api/v1/agencies/{auid}/properties/{puid}/is_active `{ is_active }` → ZAgencyProperty (the
 *   administrator, or an approved agent on a listing assigned to them / all with agents_edit_all).
 * - POST /api/v1/agencies/{auid}/plans `{ plan, seats, is_anual }` and …/plans/renew `{ seats, is_anual }` →
 *   ZCheckoutResult (an owner_plan transaction through the payment adapter; seats granted when paid).
 */
export default defineRoute((app) => {
  const db = () => app.services.database;

  app.post('/api/v1/agencies', {
    schema: { tags: ['agencias'], summary: 'Crear mi agencia', body: ZCreateAgencyBody, response: { 200: ZApiEnvelope(ZAgency) } },
    preValidation: can('agency', 'create'),
    handler: async (request) => {
      const b = request.body;
      const data = await createAgency(db(), {
        actor: request.actor, name: b.name, baseDomain: b.base_domain, colorPrimary: b.color_primary, colorSecondary: b.color_secondary, kind: b.kind, mexicanState: b.mexican_state,
        productOrigin: app.services.config.productOrigin,
      });
      return { msg: b.kind === 'association' ? ASSOCIATION_MESSAGES.created : M.created, data };
    },
  });

  app.get('/api/v1/agencies', {
    schema: { tags: ['agencias'], summary: 'Buscar agencias por nombre', querystring: ZAgenciesQuery, response: { 200: ZApiEnvelope(ZAgenciesPage) } },
    preValidation: can('agency', 'search'),
    handler: async (request) => {
      const { asso, search, page } = request.query;
      if (asso) return { msg: M.loaded, data: await listAssociationAgencies(db(), { actor: request.actor, assoUid: asso, search, page }) };
      return { msg: M.loaded, data: await searchAgencies(db(), { actor: request.actor, search, page }) };
    },
  });

  app.get('/api/v1/agencies/my', {
    schema: { tags: ['agencias'], summary: 'Mi agencia y mi alta como asesor', response: { 200: ZApiEnvelope(ZMyAgency) } },
    preValidation: can('agency', 'read_own'),
    handler: async (request) => ({ msg: M.loaded, data: await getMyAgency(db(), { actor: request.actor }) }),
  });

  app.put('/api/v1/agencies/:auid', {
    schema: { tags: ['agencias'], summary: 'Cambiar los datos de mi agencia', params: ZAgencyAuidParams, body: ZUpdateAgencyBody, response: { 200: ZApiEnvelope(ZAgency) } },
    preValidation: can('agency', 'manage'),
    handler: async (request) => ({ msg: M.updated, data: await updateAgency(db(), { actor: request.actor, auid: request.params.auid, patch: request.body, productOrigin: app.services.config.productOrigin }) }),
  });

  app.post('/api/v1/agencies/:auid/register', {
    schema: { tags: ['agencias'], summary: 'Pedir mi alta como asesor de una agencia', params: ZAgencyAuidParams, response: { 200: ZApiEnvelope(ZAgentProcess) } },
    preValidation: can('agency', 'join'),
    handler: async (request) => ({ msg: M.joinRequested, data: await requestToJoinAgency({ database: db(), events: app.services.chatEvents }, { actor: request.actor, auid: request.params.auid }) }),
  });

  app.get('/api/v1/client/agent-process', {
    schema: { tags: ['agencias'], summary: 'Mi solicitud como asesor', querystring: ZAgentProcessQuery, response: { 200: ZApiEnvelope(ZAgentProcess.nullable()) } },
    preValidation: can('agency', 'read_own'),
    handler: async (request) => ({ msg: M.loaded, data: await getAgentProcess(db(), { actor: request.actor, auid: request.query.agency_uid }) }),
  });

  app.get('/api/v1/agencies/:auid/agents', {
    schema: { tags: ['agencias'], summary: 'Los asesores de mi agencia', params: ZAgencyAuidParams, querystring: ZAgencyAgentsQuery, response: { 200: ZApiEnvelope(ZAgencyAgentsPage) } },
    preValidation: can('agency', 'manage'),
    handler: async (request) => {
      const q = request.query;
      const approved = q.approved === undefined ? undefined : q.approved === 'true';
      return { msg: M.loaded, data: await listAgencyAgents(db(), { actor: request.actor, auid: request.params.auid, page: q.page, approved }) };
    },
  });

  app.post('/api/v1/agencies/:agent_uid/:typeOfUpdate', {
    schema: { tags: ['agencias'], summary: 'Aprobar, suspender o dar de baja a un asesor', params: ZAgentUpdateParams, response: { 200: ZApiEnvelope(ZAgentProcess) } },
    preValidation: can('agency', 'manage'),
    handler: async (request) => {
      const update = request.params.typeOfUpdate;
      const data = await decideAgent(db(), { actor: request.actor, agentUid: request.params.agent_uid, update });
      return { msg: update === 'approve' ? M.approved : update === 'suspend' ? M.suspended : M.removed, data };
    },
  });

  app.get('/api/v1/agencies/:auid/properties', {
    schema: { tags: ['agencias'], summary: 'Las propiedades de la agencia', params: ZAgencyAuidParams, querystring: ZAgencyPropertiesQuery, response: { 200: ZApiEnvelope(ZAgencyPropertiesPage) } },
    preValidation: can('agency', 'list_properties'),
    handler: async (request) => ({ msg: M.loaded, data: await listAgencyProperties(db(), { actor: request.actor, auid: request.params.auid, ...request.query }) }),
  });

  app.post('/api/v1/agencies/:auid/properties/:puid/assign', {
    schema: { tags: ['agencias'], summary: 'Asignar una propiedad de la agencia a un asesor', params: ZAgencyPropertyParams, body: ZAssignAgencyPropertyBody, response: { 200: ZApiEnvelope(ZAgencyProperty) } },
    preValidation: can('agency', 'manage'),
    handler: async (request) => {
      const data = await assignAgencyProperty(db(), { actor: request.actor, auid: request.params.auid, puid: request.params.puid, agentUid: request.body.agent_uid });
      return { msg: request.body.agent_uid ? M.assigned : M.unassigned, data };
    },
  });

  app.put('/api/v1/agencies/:auid/properties/:puid/is_active', {
    schema: { tags: ['agencias'], summary: 'Activar o desactivar una propiedad de la agencia', params: ZAgencyPropertyParams, body: ZAgencyPropertyActiveBody, response: { 200: ZApiEnvelope(ZAgencyProperty) } },
    preValidation: can('agency', 'edit_listing'),
    handler: async (request) => {
      const isActive = request.body.is_active;
      const data = await setAgencyPropertyActive(db(), { actor: request.actor, auid: request.params.auid, puid: request.params.puid, isActive });
      if (!isActive) await invalidateListingRents({ database: app.services.database, events: app.services.chatEvents }, request.params.puid);
      return { msg: isActive ? M.activated : M.deactivated, data };
    },
  });

  const payDeps = () => ({ database: app.services.database, provider: app.services.payments, publicUrl: app.services.config.publicUrl });
  app.post('/api/v1/agencies/:auid/plans', {
    schema: { tags: ['agencias'], summary: 'Comprar un plan de agencia', params: ZAgencyAuidParams, body: ZBuyAgencyPlanBody, response: { 200: ZApiEnvelope(ZCheckoutResult) } },
    preValidation: can('agency', 'manage'),
    handler: async (request) => {
      const b = request.body;
      const data = await buyAgencyPlan(payDeps(), { actor: request.actor, auid: request.params.auid, plan: b.plan, seats: b.seats, isAnual: b.is_anual });
      return { msg: data.status === 'completed' ? M.planPaid : M.checkoutCreated, data };
    },
  });
  app.post('/api/v1/agencies/:auid/plans/renew', {
    schema: { tags: ['agencias'], summary: 'Renovar el plan de mi agencia', params: ZAgencyAuidParams, body: ZRenewAgencyPlanBody, response: { 200: ZApiEnvelope(ZCheckoutResult) } },
    preValidation: can('agency', 'manage'),
    handler: async (request) => {
      const b = request.body;
      const data = await buyAgencyPlan(payDeps(), { actor: request.actor, auid: request.params.auid, plan: 'renew', seats: b.seats, isAnual: b.is_anual });
      return { msg: data.status === 'completed' ? M.planPaid : M.checkoutCreated, data };
    },
  });

  void app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: PROFILE_PHOTO.maxBytes, files: 1 } });
    scoped.addHook('preParsing', limitNonMultipartBody(1024 * 1024));
    scoped.withTypeProvider<ZodTypeProvider>().post('/api/v1/agencies/:auid/profilephoto', {
      bodyLimit: PROFILE_PHOTO.maxBytes + 1024 * 1024,
      schema: { tags: ['agencias'], summary: 'Subir el logo de mi agencia', params: ZAgencyAuidParams, consumes: ['multipart/form-data'], response: { 200: ZApiEnvelope(ZAgency) } },
      preValidation: can('agency', 'manage'),
      handler: async (request, reply) => {
        try {
          const file = await readImageUpload(request, reply, PROFILE_PHOTO.field, M.logoMissing);
          const data = await uploadAgencyLogo({ database: app.services.database, storage: app.services.storage }, { actor: request.actor, auid: request.params.auid, file });
          return { msg: M.logoUpdated, data };
        } finally {
          uploadHandlerDone(request);
        }
      },
    });
  });
});

