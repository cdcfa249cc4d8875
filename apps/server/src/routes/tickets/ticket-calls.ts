import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  TICKET_LIMITS, TICKET_MESSAGES as M, ZApiEnvelope, ZListTicketChatsQuery, ZListTicketsQuery, ZPostTicketMessageBody,
  ZPostTicketMessageQuery, ZTicket, ZTicketAttachmentParams, ZTicketChatList, ZTicketCreated, ZTicketList, ZTicketMessageList,
  ZTicketMessagesQuery, ZTicketParams, ZTicketSendResult,
} from '@nj/contracts';
import {
  AppError, createTicket, getTicket, getTicketAttachment, getTicketMessages, listTicketChats, listTickets, postTicketMessage, type TicketUpload,
} from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';
import { limitNonMultipartBody, uploadHandlerDone } from '../media/upload-memory.ts';
import { readTicketUpload, TICKET_UPLOAD_BODY_LIMIT } from './read-ticket-upload.ts';
import { sendPrivateFile } from '../media/send-private-file.ts';


/**
 * A client's support tickets and their conversations (issue 14 'Tickets (any client)'; spec 02 §7 'Tickets', §8;
 * spec 03 §7 'Tickets and staff'). Signed-in clients only (visitors and anonymous clients 401 'Es necesario iniciar
 * sesión para continuar'); a ticket is read and written by its author or a support user (anyone else 404). A
 * malformed tuid is 400 'El id del ticket es inválido'. Answers `{ msg, data }`:
 * - POST /api/v1/tickets — multipart: `title`, `category` (AY…AG), `description`, optional `puid`, `ruid`, `date`
 *   (YYYY-MM-DD, required for PG and FE), and up to 10 `files` (PNG/JPEG/WebP/PDF by content, 50 MB each; the whole
 *   request within the process's upload budget). → `{ ticket, messages }`, msg 'El ticket se creó exitosamente…'.
 *   Refusals 400/413/415/429 with the spec's Spanish messages; anything unexpected 'Error al crear el ticket'.
 * - GET /api/v1/tickets?page — own tickets, newest activity first, 20 a page → `{ tickets, page, hasMore }`.
 * - GET /api/v1/tickets/chats?page&tuid&only_active — own ticket chats with unread counts and last message.
 * - GET /api/v1/tickets/chats/{tuid}?last — the conversation (after muid `last`), oldest first; marks seen.
 * - GET /api/v1/tickets/{tuid} — one ticket.
 * - POST /api/v1/tickets/{tuid}/message — JSON `{ text, client_message_id? }` or multipart (`text`,
 *   `client_message_id`, `files`): the stored messages `{ messages, duplicate }`; 409 on a closed ticket.
 * - GET /api/v1/tickets/{tuid}/attachment/{muid} — a message's file to the ticket's parties (images inline, PDFs as a
 *   download; `private, no-store`, nosniff, a CSP that runs nothing).
 * '/api/v1/tickets/assigned' and '/api/v1/tickets/db…' (the staff's) are static paths: they win over `{tuid}`.
 */
export default defineRoute((app) => {
  const deps = () => {
    const { database, limiter, storage, chatEvents } = app.services;
    return { database, limiter, storage, events: chatEvents };
  };

  void app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: TICKET_LIMITS.maxBytes, files: TICKET_LIMITS.maxAttachments + 1 } });
    scoped.addHook('preParsing', limitNonMultipartBody(1024 * 1024));
    const z = scoped.withTypeProvider<ZodTypeProvider>();

    z.post('/api/v1/tickets', {
      bodyLimit: TICKET_UPLOAD_BODY_LIMIT,
      schema: { tags: ['tickets'], summary: 'Crear un ticket de soporte', consumes: ['multipart/form-data'], response: { 200: ZApiEnvelope(ZTicketCreated) } },
      preValidation: can('ticket', 'create'),
      handler: async (request, reply) => {
        try {
          if (!request.isMultipart()) throw new AppError('BAD_REQUEST', M.createFailed);
          const { fields, files } = await readTicketUpload(request, reply, M.createFailed);
          const data = await createTicket(deps(), { actor: request.actor, ...fields, files });
          return { msg: M.created, data };
        } finally {
          uploadHandlerDone(request);
        }
      },
    });

    z.post('/api/v1/tickets/:tuid/message', {
      bodyLimit: TICKET_UPLOAD_BODY_LIMIT,
      schema: {
        tags: ['tickets'], summary: 'Enviar un mensaje (texto y/o archivos) en un ticket', consumes: ['application/json', 'multipart/form-data'],
        params: ZTicketParams, querystring: ZPostTicketMessageQuery, response: { 200: ZApiEnvelope(ZTicketSendResult) },
      },
      preValidation: can('ticket', 'message'),
      handler: async (request, reply) => {
        try {
          let text: string; let files: TicketUpload[] = []; let clientMessageId = request.query.client_message_id ?? null;
          if (request.isMultipart()) {
            const upload = await readTicketUpload(request, reply, M.sendFailed);
            const parsed = ZPostTicketMessageBody.safeParse({ text: upload.fields.text ?? '', client_message_id: upload.fields.client_message_id || undefined });
            if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]!.message);
            text = parsed.data.text; files = upload.files; clientMessageId ??= parsed.data.client_message_id ?? null;
          } else {
            const parsed = ZPostTicketMessageBody.safeParse(request.body ?? {});
            if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? M.sendFailed);
            text = parsed.data.text; clientMessageId ??= parsed.data.client_message_id ?? null;
          }
          const data = await postTicketMessage(deps(), { actor: request.actor, tuid: request.params.tuid, text, files, clientMessageId });
          return { msg: M.messageSent, data };
        } finally {
          uploadHandlerDone(request);
        }
      },
    });
  });

  app.get('/api/v1/tickets', {
    schema: { tags: ['tickets'], summary: 'Mis tickets de soporte', querystring: ZListTicketsQuery, response: { 200: ZApiEnvelope(ZTicketList) } },
    preValidation: can('ticket', 'list'),
    handler: async (request) => ({ msg: M.loaded, data: await listTickets(app.services.database, { actor: request.actor, page: request.query.page }) }),
  });

  app.get('/api/v1/tickets/chats', {
    schema: { tags: ['tickets'], summary: 'Conversaciones de mis tickets', querystring: ZListTicketChatsQuery, response: { 200: ZApiEnvelope(ZTicketChatList) } },
    preValidation: can('ticket', 'list'),
    handler: async (request) => ({
      msg: M.loaded,
      data: await listTicketChats(app.services.database, { actor: request.actor, page: request.query.page, tuid: request.query.tuid, onlyActive: request.query.only_active }),
    }),
  });

  app.get('/api/v1/tickets/chats/:tuid', {
    schema: { tags: ['tickets'], summary: 'Mensajes de un ticket', params: ZTicketParams, querystring: ZTicketMessagesQuery, response: { 200: ZApiEnvelope(ZTicketMessageList) } },
    preValidation: can('ticket', 'read'),
    handler: async (request) => ({
      msg: M.messagesLoaded,
      data: await getTicketMessages({ database: app.services.database }, { actor: request.actor, tuid: request.params.tuid, last: request.query.last }),
    }),
  });

  app.get('/api/v1/tickets/:tuid', {
    schema: { tags: ['tickets'], summary: 'Un ticket de soporte', params: ZTicketParams, response: { 200: ZApiEnvelope(ZTicket) } },
    preValidation: can('ticket', 'read'),
    handler: async (request) => ({ msg: M.ticketLoaded, data: await getTicket(app.services.database, { actor: request.actor, tuid: request.params.tuid }) }),
  });

  app.get('/api/v1/tickets/:tuid/attachment/:muid', {
    schema: { tags: ['tickets'], summary: 'Descargar un archivo de un ticket', params: ZTicketAttachmentParams, produces: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] },
    preValidation: can('ticket', 'read'),
    handler: async (request, reply) => {
      const file = await getTicketAttachment({ database: app.services.database, storage: app.services.storage }, {
        actor: request.actor, tuid: request.params.tuid, muid: request.params.muid,
      });
      return sendPrivateFile(reply, file);
    },
  });
});
