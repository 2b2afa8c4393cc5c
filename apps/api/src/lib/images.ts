import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import sharp from 'sharp';
import { MSG } from '@consorcio/domain';
import { AppError } from './errors.ts';

export interface ProcessedImage {
  bytes: Buffer;
  ext: 'jpg' | 'png';
  contentType: 'image/jpeg' | 'image/png';
}

const MAX_SIDE = 1600;

/** JPEG or PNG judged by the first bytes, never by the name or the declared type. */
export function sniffImage(bytes: Buffer): 'jpg' | 'png' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  return null;
}

/**
 * Reads an uploaded image part whole. The multipart plugin stops at 5 MB (413); judging the
 * content (415) is left to processImageBytes, so a caller can check other things first.
 */
export async function readImagePart(part: MultipartFile): Promise<Buffer> {
  const raw = await part.toBuffer();
  // The plugin's own check races with busboy's 'limit' event: a cut-off file can come back as a
  // plain 5 MB buffer, which would then be judged (wrongly) as a broken picture.
  if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', MSG.payloadTooLarge);
  return raw;
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
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const bytes =
      kind === 'jpg' ? await img.jpeg({ quality: 85, mozjpeg: true }).toBuffer() : await img.png({ compressionLevel: 9 }).toBuffer();
    return { bytes, ext: kind, contentType: kind === 'jpg' ? 'image/jpeg' : 'image/png' };
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', MSG.unsupportedFile);
  }
}

/** A fresh, unguessable storage key under a folder. */
export const newImageKey = (folder: string, ext: string) => `${folder}/${randomUUID()}.${ext}`;
