import path from 'node:path';
import { EnvelopeSchema, Limits, Role, UPLOADS_PATH } from '@agora/contracts';
import {
  ApiError,
  errors,
  type FieldProblem,
  type HttpApp,
  loadSiteSettings,
  ok,
  type ServiceContext,
} from '@agora/platform';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { imageRules, processImage, UploadMessages } from './images';
import { contentKey, type FileStorage, FsFileStorage, isStorageKey } from './storage';

export const FILE_PATH = '/answer/api/v1/file';
/** Stored files are served below the `file` route, which the gateway already sends to this service. */
export { UPLOADS_PATH };
/** Side of the square an avatar is cropped to: twice the largest size the client asks for, for sharp screens. */
export const AVATAR_SIZE = 256;

/** The reference API's `POST /file` sources. `post_attachment` takes images only until non-image attachments exist. */
export const UPLOAD_SOURCES = ['post', 'post_attachment', 'avatar', 'branding'] as const;
export type UploadSource = (typeof UPLOAD_SOURCES)[number];

const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface UploadRoutesOptions {
  /** Where files go; by default `${config.dataDir}/uploads` on the file system. */
  storage?: FileStorage;
}

interface UploadForm {
  source?: string;
  file?: Buffer;
  filename?: string;
}

/** Reads the form whatever the order of its parts: at most one file, buffered up to the product limit. */
async function readForm(request: FastifyRequest): Promise<UploadForm> {
  const form: UploadForm = {};
  if (!request.isMultipart()) return form;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file') {
          form.file = await part.toBuffer();
          form.filename = part.filename;
        } else {
          part.file.resume(); // another field's file: drained and ignored
        }
      } else if (part.fieldname === 'source') {
        form.source = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw errors.fields({
        field: 'file',
        key: UploadMessages.size,
        params: { limit: Limits.upload.imageMaxBytes / (1024 * 1024) },
      });
    }
    if (code === 'FST_FILES_LIMIT')
      throw errors.fields({ field: 'file', key: 'validation.max_items', params: { limit: 1 } });
    // Anything else the form reader refuses (no boundary, a truncated or malformed form) is the client's.
    throw errors.fields({ field: 'file', key: 'validation.invalid' });
  }
  return form;
}

function isUploadSource(value: string): value is UploadSource {
  return (UPLOAD_SOURCES as readonly string[]).includes(value);
}

/** Whether `If-None-Match` names this ETag (or any). */
function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const tags = (Array.isArray(header) ? header.join(',') : header).split(',').map((t) => t.trim());
  return tags.some((t) => t === '*' || t === etag || t === `W/${etag}`);
}

/**
 * Image uploads (the reference API's `POST /file`) and the stored files. An upload is checked by its content,
 * re-encoded without metadata, stored under its content address, and answered with its absolute URL.
 * Uploads are files, not domain facts: no event, but a log line saying who stored what.
 */
export async function uploadRoutes(app: HttpApp, context: ServiceContext, options: UploadRoutesOptions = {}) {
  const storage = options.storage ?? new FsFileStorage(path.join(context.config.dataDir, 'uploads'));

  await app.register(async (plugin) => {
    // Its own encapsulated scope: the multipart parser exists for these routes only.
    const scope = plugin as unknown as HttpApp;
    await scope.register(multipart, {
      limits: {
        files: 1,
        fileSize: Limits.upload.imageMaxBytes,
        fields: 4,
        fieldSize: 256,
        parts: 6,
        headerPairs: 50,
      },
    });

    scope.post(
      FILE_PATH,
      {
        config: { auth: 'user' },
        schema: {
          tags: ['site'],
          consumes: ['multipart/form-data'],
          response: { 200: EnvelopeSchema(Type.String()) },
        },
      },
      async (request) => {
        const form = await readForm(request);
        const problems: FieldProblem[] = [];
        if (!form.source) problems.push({ field: 'source', key: 'validation.required' });
        else if (!isUploadSource(form.source)) problems.push({ field: 'source', key: 'validation.invalid' });
        const original = form.file;
        if (!original || original.length === 0) problems.push({ field: 'file', key: 'validation.required' });
        if (problems.length || !original) throw errors.fields(...problems);
        const source = form.source as UploadSource;
        const actor = request.actor;
        if (source === 'branding' && actor.roleId !== Role.admin) throw errors.forbidden();

        const settings = await loadSiteSettings(context.database.db, context.config.siteUrl);
        let image: Awaited<ReturnType<typeof processImage>>;
        try {
          image = await processImage(original, imageRules(settings.advanced), {
            ...(source === 'avatar' ? { square: AVATAR_SIZE } : {}),
          });
        } catch (error) {
          request.log.info(
            {
              userId: actor.id,
              source,
              bytes: original.length,
              filename: form.filename?.slice(0, 200),
              why: error instanceof ApiError ? error.fields[0]?.key : String(error),
            },
            'upload refused',
          );
          throw error;
        }
        const key = contentKey(image.bytes, image.format);
        await storage.put(key, image.bytes, image.contentType);
        request.log.info(
          {
            userId: actor.id,
            source,
            key,
            contentType: image.contentType,
            bytes: image.bytes.length,
            originalBytes: original.length,
            width: image.width,
            height: image.height,
            filename: form.filename?.slice(0, 200),
          },
          'file uploaded',
        );
        const siteUrl = (settings.general.site_url || context.config.siteUrl).replace(/\/+$/, '');
        return ok(request, `${siteUrl}${UPLOADS_PATH}/${key}`);
      },
    );

    scope.get(
      `${UPLOADS_PATH}/:key`,
      {
        config: { auth: 'none' },
        schema: { tags: ['site'], params: Type.Object({ key: Type.String() }) },
      },
      async (request, reply) => {
        const { key } = request.params;
        // Only a content address is ever looked up: no dots, slashes or anything else reaches a path.
        if (!isStorageKey(key)) throw errors.notFound();
        const stored = await storage.get(key);
        if (!stored) throw errors.notFound();
        const etag = `"${key.slice(0, 64)}"`;
        reply
          .header('cache-control', IMMUTABLE)
          .header('etag', etag)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox");
        if (matchesEtag(request.headers['if-none-match'], etag)) {
          stored.stream.destroy();
          return reply.code(304).send();
        }
        return reply.type(stored.contentType).header('content-length', stored.size).send(stored.stream);
      },
    );
  });
}
