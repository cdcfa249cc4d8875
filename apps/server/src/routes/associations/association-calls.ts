import {
  ASSOCIATION_MESSAGES as M, ZAgencyAssociations, ZAgencyAuidParams, ZApiEnvelope, ZAssociationMember, ZAssociationMemberParams,
  ZAssociationMemberUpdateParams, ZAssociationMembersPage, ZAssociationMembersQuery, ZAssociationPageQuery, ZAssociationUidParams,
  ZAssociationsByState, ZAssociationsQuery, ZDirectoryPage, ZMemberAgentsPage, ZMyAssociation,
} from '@nj/contracts';
import { decideAssociationMember } from '@nj/core/associations/decide-association-member';
import { getAssociationDirectory } from '@nj/core/associations/get-association-directory';
import { getMyAssociation } from '@nj/core/associations/get-my-association';
import { listAssociationMembers, listMemberAgents } from '@nj/core/associations/list-association-members';
import { listAssociationsByState } from '@nj/core/associations/list-associations';
import { listAgencyAssociations, requestAssociationMembership } from '@nj/core/associations/request-association-membership';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * Associations (issue 15 'Associations grouped by state', /associations-control-panel, 'Directory'; spec 01 §2, §3
 * 'Association and directory', §7, §8; spec 03 §3 Agency, §7 Agencies; decision 029). Every answer is `{ msg, data }`;
 * refusals are associationPolicy's (401 visitors and anonymous clients, 403 without association_admin or not the
 * association's administrator, 404 unknown); bad input a Spanish 400. An association is created and its settings
 * and logo changed through the agency calls (POST /api/v1/agencies with kind 'association', PUT /api/v1/agencies/{auid},
 * POST /api/v1/agencies/{auid}/profilephoto).
 * - GET /api/v1/agencies/associations?mexican_state → ZAssociationsByState (anyone).
 * - GET /api/v1/associations/my → ZMyAssociation (association_admin).
 * - GET /api/v1/associations/{asso_uid}/members?status&page → ZAssociationMembersPage (its administrator).
 * - GET /api/v1/associations/{asso_uid}/members/{auid}/agents?page → ZMemberAgentsPage (its administrator).
 * - POST /api/v1/associations/{asso_uid}/members/{auid}/{approve|remove} → ZAssociationMember (its administrator).
 * - POST /api/v1/associations/{asso_uid}/register → ZAgencyAssociations (an agency's administrator, for their agency).
 * - GET /api/v1/agencies/{auid}/associations → ZAgencyAssociations (the agency's administrator).
 * - GET /api/v1/associations/{asso_uid}/directory?page → ZDirectoryPage (anyone; a private one's site members only;
 *   404 'Esta asociación no tiene directorio' for the super association).
 */
export default defineRoute((app) => {
  const db = () => app.services.database;

  app.get('/api/v1/agencies/associations', {
    schema: { tags: ['asociaciones'], summary: 'Asociaciones por estado', querystring: ZAssociationsQuery, response: { 200: ZApiEnvelope(ZAssociationsByState) } },
    preValidation: can('association', 'list'),
    handler: async (request) => ({ msg: M.listLoaded, data: await listAssociationsByState(db(), { actor: request.actor, mexicanState: request.query.mexican_state }) }),
  });

  app.get('/api/v1/associations/my', {
    schema: { tags: ['asociaciones'], summary: 'Mi asociación', response: { 200: ZApiEnvelope(ZMyAssociation) } },
    preValidation: can('association', 'read_own'),
    handler: async (request) => ({ msg: M.loaded, data: await getMyAssociation(db(), { actor: request.actor }) }),
  });

  app.get('/api/v1/associations/:asso_uid/members', {
    schema: { tags: ['asociaciones'], summary: 'Las agencias de mi asociación', params: ZAssociationUidParams, querystring: ZAssociationMembersQuery, response: { 200: ZApiEnvelope(ZAssociationMembersPage) } },
    preValidation: can('association', 'manage'),
    handler: async (request) => ({ msg: M.loaded, data: await listAssociationMembers(db(), { actor: request.actor, assoUid: request.params.asso_uid, ...request.query }) }),
  });

  app.get('/api/v1/associations/:asso_uid/members/:auid/agents', {
    schema: { tags: ['asociaciones'], summary: 'Los asesores de una agencia de mi asociación', params: ZAssociationMemberParams, querystring: ZAssociationPageQuery, response: { 200: ZApiEnvelope(ZMemberAgentsPage) } },
    preValidation: can('association', 'manage'),
    handler: async (request) => ({ msg: M.loaded, data: await listMemberAgents(db(), { actor: request.actor, assoUid: request.params.asso_uid, auid: request.params.auid, page: request.query.page }) }),
  });

  app.post('/api/v1/associations/:asso_uid/members/:auid/:typeOfUpdate', {
    schema: { tags: ['asociaciones'], summary: 'Aprobar o quitar una agencia de mi asociación', params: ZAssociationMemberUpdateParams, response: { 200: ZApiEnvelope(ZAssociationMember) } },
    preValidation: can('association', 'manage'),
    handler: async (request) => {
      const { asso_uid: assoUid, auid, typeOfUpdate: update } = request.params;
      const data = await decideAssociationMember(db(), { actor: request.actor, assoUid, auid, update });
      return { msg: update === 'approve' ? M.memberApproved : M.memberRemoved, data };
    },
  });

  app.post('/api/v1/associations/:asso_uid/register', {
    schema: { tags: ['asociaciones'], summary: 'Pedir que mi agencia entre a una asociación', params: ZAssociationUidParams, response: { 200: ZApiEnvelope(ZAgencyAssociations) } },
    preValidation: can('association', 'join'),
    handler: async (request) => ({ msg: M.joinRequested, data: await requestAssociationMembership(db(), { actor: request.actor, assoUid: request.params.asso_uid }) }),
  });

  app.get('/api/v1/agencies/:auid/associations', {
    schema: { tags: ['asociaciones'], summary: 'Las asociaciones de mi agencia', params: ZAgencyAuidParams, response: { 200: ZApiEnvelope(ZAgencyAssociations) } },
    preValidation: can('agency', 'manage'),
    handler: async (request) => ({ msg: M.loaded, data: await listAgencyAssociations(db(), { actor: request.actor, auid: request.params.auid }) }),
  });

  app.get('/api/v1/associations/:asso_uid/directory', {
    schema: { tags: ['asociaciones'], summary: 'Directorio de asesores de una asociación', params: ZAssociationUidParams, querystring: ZAssociationPageQuery, response: { 200: ZApiEnvelope(ZDirectoryPage) } },
    preValidation: can('association', 'directory'),
    handler: async (request) => ({ msg: M.directoryLoaded, data: await getAssociationDirectory(db(), { actor: await request.getActor(), assoUid: request.params.asso_uid, page: request.query.page }) }),
  });
});
