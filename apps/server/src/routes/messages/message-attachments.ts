import multipart from '@fastify/multipart';
import {
  ATTACHMENT_MAX_BYTES, CHAT_NOTIFICATION_MESSAGES as N, ZApiEnvelope, ZAttachmentParams, ZAttachmentQuery, ZRuidParams, ZSendResult,
} from '@nj/contracts';
import { AppError, messageToWire } from '@nj/core';
import { getAttachment, sendAttachment } from '@nj/core/rents/send-attachment';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';
import { countUploadedBytes, limitNonMultipartBody, reserveUploadMemory, uploadHandlerDone } from '../media/upload-memory.ts';
import { sendPrivateFile } from '../media/send-private-file.ts';

/**
 * The one file of the request (field `file`), in memory within the process-wide upload budget (413/429 when exceeded,
 * like photo uploads), with its name and the optional `client_message_id` field (it must come before the file).
 * @throws AppError BAD_REQUEST 'Adjunta un archivo' (not multipart, no `file`, empty), PAYLOAD_TOO_LARGE over 50 MB
 */
async function readAttachmentUpload(request: FastifyRequest, reply: FastifyReply): Promise<{ file: Buffer; name: string; clientMessageId: string | null }> {
  const lease = reserveUploadMemory(request, reply);
  let part;
  try {
    part = await request.file({ limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  } catch {
    throw new AppError('BAD_REQUEST', N.attachmentMissing);
  }
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw new AppError('BAD_REQUEST', N.attachmentMissing, { file: N.attachmentMissing });
  }
  const field = part.fields.client_message_id as { value?: unknown } | undefined;
  const clientMessageId = typeof field?.value === 'string' && field.value.trim() ? field.value.trim() : null;
  try {
    const file = await part.toBuffer();
    if (file.length === 0) throw new AppError('BAD_REQUEST', N.attachmentMissing);
    countUploadedBytes(lease, reply, file.length);
    return { file, name: part.filename, clientMessageId };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', N.attachmentTooLarge);
    throw new AppError('BAD_REQUEST', N.attachmentUnreadable);
  }
}


/**
 * Chat attachments (issue 11 'Chat'; spec 03 §3 'Chat message' attachment), for the rent's two parties only (401 for
 * visitors, 404 for anyone else):
 * - POST /api/v1/messages/{ruid}/attachment — multipart field `file` (JPEG, PNG, WebP or PDF judged by content: 415
 *   'El archivo no tiene extension .png .jpeg .webp .pdf o .jpg'; at most 50 MB: 413), optional `client_message_id`
 *   (query or a form field before `file`; a resend answers the stored message with `duplicate: true`). Stores the
 *   file through the storage adapter and answers the new message `{ message, duplicate }` (cat 'attachment',
 *   `attachment: { name, mime, size, key }`), published to the conversation like any message. Upload memory is
 *   bounded per process (upload budget, 429 'Estamos procesando muchas…' when full) and image headers are read two at
 *   a time (image queue). Multipart parsing is registered only in this route's scope.
 * - GET /api/v1/messages/{ruid}/attachment/{muid} — the file (never through the public /media URL): images inline,
 *   PDFs as a download, `Cache-Control: private, no-store`, nosniff and a CSP that runs nothing.
 */
export default defineRoute((app) => {
  void app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1 } });
    scoped.addHook('preParsing', limitNonMultipartBody(1024 * 1024));
    scoped.withTypeProvider<ZodTypeProvider>().post('/api/v1/messages/:ruid/attachment', {
      bodyLimit: ATTACHMENT_MAX_BYTES + 1024 * 1024,
      schema: {
        tags: ['mensajes'], summary: 'Enviar un archivo en el chat', consumes: ['multipart/form-data'],
        params: ZRuidParams, querystring: ZAttachmentQuery, response: { 200: ZApiEnvelope(ZSendResult) },
      },
      preValidation: can('rent_message', 'send'),
      handler: async (request, reply) => {
        try {
          const upload = await readAttachmentUpload(request, reply);
          const { database, limiter, chatEvents, storage } = app.services;
          const result = await sendAttachment({ database, limiter, events: chatEvents, storage }, {
            actor: request.actor, ruid: request.params.ruid, file: upload.file, name: upload.name,
            clientMessageId: request.query.client_message_id ?? upload.clientMessageId,
          });
          return { msg: N.attachmentSent, data: { message: messageToWire(result.message), duplicate: result.duplicate } };
        } finally {
          uploadHandlerDone(request);
        }
      },
    });
  });

  app.get('/api/v1/messages/:ruid/attachment/:muid', {
    schema: { tags: ['mensajes'], summary: 'Descargar un archivo del chat', params: ZAttachmentParams, produces: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] },
    preValidation: can('rent_message', 'read'),
    handler: async (request, reply) => {
      const file = await getAttachment({ database: app.services.database, storage: app.services.storage }, {
        actor: request.actor, ruid: request.params.ruid, muid: request.params.muid,
      });
      return sendPrivateFile(reply, file);
    },
  });
});
