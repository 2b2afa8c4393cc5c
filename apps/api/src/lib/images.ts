import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import { IMAGE_MAX_BYTES, IMAGE_MAX_SIDE, IMAGE_MAX_TEXT, MSG } from '@consorcio/domain';
import { AppError } from './errors.ts';

export interface ProcessedImage {
  bytes: Buffer;
  ext: 'jpg' | 'png';
  contentType: 'image/jpeg' | 'image/png';
}

/** JPEG or PNG judged by the first bytes, never by the name or the declared type. */
export function sniffImage(bytes: Buffer): 'jpg' | 'png' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  return null;
}

/** The multipart plugin's limits: one image of at most IMAGE_MAX_BYTES, a few small text parts. */
export const MULTIPART_LIMITS = { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024 } as const;

/**
 * Reads an uploaded image part whole. The multipart plugin stops at IMAGE_MAX_BYTES (413);
 * judging the content (415) is left to processImageBytes, so a caller can check other things first.
 */
export async function readImagePart(part: MultipartFile): Promise<Buffer> {
  const raw = await part.toBuffer();
  // The plugin's own check races with busboy's 'limit' event: a cut-off file can come back as a
  // plain buffer of exactly the limit, which would then be judged (wrongly) as a broken picture.
  if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', MSG.payloadTooLarge);
  return raw;
}

/** Busboy calls a part without a file name a text field; a part named `image` is always judged as a file. */
const isPartAFile = (fieldName: string | undefined, contentType: string | undefined, fileName: string | undefined) =>
  fieldName === 'image' || fileName !== undefined || contentType === 'application/octet-stream';

const uploadedImages = new WeakMap<FastifyRequest, Buffer>();

/** The `image` part that readUploadBody found in this request, not yet judged; undefined without one. */
export const uploadedImage = (request: FastifyRequest): Buffer | undefined => uploadedImages.get(request);

/**
 * `preValidation` hook of the upload routes (multipart: part `body` = JSON of the fields, optional
 * part `image`). It makes the `body` part the request body, which the route's `body` schema then
 * validates like any other route's, and keeps the image aside (`uploadedImage`). The image is only
 * read here (413 past the limit): the handler judges its content after the fields and tenancy.
 * Plain JSON requests pass through untouched.
 */
export async function readUploadBody(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  try {
    request.body = await readParts(request);
  } catch (err) {
    // Busboy's own parse errors ("Boundary not found", "Unexpected end of form") carry no status:
    // they are a malformed request, not a failure of ours. The plugin's limits keep their 413.
    if (err instanceof AppError || typeof (err as { statusCode?: unknown }).statusCode === 'number') throw err;
    throw new AppError('VALIDATION', MSG.invalidRequest);
  }
}

async function readParts(request: FastifyRequest): Promise<unknown> {
  let body: unknown = {};
  for await (const part of request.parts({ isPartAFile })) {
    if (part.type === 'file') {
      if (part.fieldname === 'image' && !uploadedImages.has(request)) {
        const raw = await readImagePart(part);
        // Zero bytes is what a browser sends for a file input left empty: no new image.
        if (raw.length > 0) uploadedImages.set(request, raw);
      } else await part.toBuffer();
    } else if (part.fieldname === 'body') {
      // Sent with Content-Type application/json, the multipart plugin has parsed it already.
      if (typeof part.value !== 'string') body = part.value;
      else {
        try {
          body = JSON.parse(part.value);
        } catch {
          throw new AppError('VALIDATION', MSG.invalidRequest);
        }
      }
    }
  }
  return body;
}

const IMAGE_PART_DOC = {
  type: 'string',
  format: 'binary',
  description: `JPEG o PNG, juzgado por su contenido, hasta ${IMAGE_MAX_TEXT} (si no: 415 / 413). Se guarda re-codificado, sin metadatos.`,
};

/**
 * The `body` schema of an upload route: the fields' shared schema validates the `body` part (so
 * errors name the fields, as on every route), and the OpenAPI description, generated from that
 * same schema, shows the multipart request: part `body` (JSON of the fields) and optional part `image`.
 */
export function withImagePart<S extends z.ZodType>(fields: S): S {
  const { $schema: _ignored, ...body } = z.toJSONSchema(fields, { io: 'input', target: 'openapi-3.0', unrepresentable: 'any' });
  return fields.meta({
    type: 'object',
    properties: { body: { ...body, description: 'JSON de los campos' }, image: IMAGE_PART_DOC },
    required: ['body'],
  });
}

/**
 * Checks the content (JPEG or PNG, else 415) and re-encodes it: metadata such as GPS positions
 * or PNG text chunks is dropped, and anything hidden after the picture data goes with it.
 */
export async function processImageBytes(raw: Buffer): Promise<ProcessedImage> {
  const kind = sniffImage(raw);
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MSG.unsupportedFile);
  try {
    // rotate() applies the EXIF orientation before the metadata is discarded.
    const img = sharp(raw, { failOn: 'error', limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const bytes =
      kind === 'jpg' ? await img.jpeg({ quality: 85, mozjpeg: true }).toBuffer() : await img.png({ compressionLevel: 9 }).toBuffer();
    return { bytes, ext: kind, contentType: kind === 'jpg' ? 'image/jpeg' : 'image/png' };
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', MSG.unsupportedFile);
  }
}

/** A fresh, unguessable storage key under a folder. */
export const newImageKey = (folder: string, ext: string) => `${folder}/${randomUUID()}.${ext}`;
