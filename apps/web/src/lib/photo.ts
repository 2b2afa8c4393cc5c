import { IMAGE_MAX_BYTES, fitInside } from '@consorcio/domain';

/** JPEG qualities tried in turn until the picture fits the size limit. */
const JPEG_QUALITIES = [0.9, 0.8, 0.65];

const encode = (canvas: HTMLCanvasElement, type: string, quality?: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));

const renamed = (name: string, ext: string) => `${name.replace(/\.[^./\\]*$/, '') || 'foto'}.${ext}`;

/**
 * A picture as it is worth sending. The server stores at most IMAGE_MAX_SIDE pixels a side, so a
 * bigger one (a phone camera's 12 megapixels, often over the 5 MB limit) is scaled down here first
 * and encoded again, turned as the camera held it: less data on a phone's connection, and no
 * refusal for its size. A PNG stays a PNG unless only a JPEG fits the limit. A picture that
 * already fits, or one this browser cannot decode, goes as chosen: the server judges it either way.
 */
export async function preparePhoto(file: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const { width, height } = fitInside(bitmap.width, bitmap.height);
    if (width === bitmap.width && height === bitmap.height && file.size <= IMAGE_MAX_BYTES) return file;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);

    let blob: Blob | null = null;
    if (file.type === 'image/png') blob = await encode(canvas, 'image/png');
    if (!blob || blob.size > IMAGE_MAX_BYTES) {
      // A JPEG has no transparency: what was transparent becomes white, not black.
      context.globalCompositeOperation = 'destination-over';
      context.fillStyle = '#fff';
      context.fillRect(0, 0, width, height);
      for (const quality of JPEG_QUALITIES) {
        blob = await encode(canvas, 'image/jpeg', quality);
        if (!blob || blob.size <= IMAGE_MAX_BYTES) break;
      }
    }
    if (!blob || blob.size >= file.size) return file;
    const ext = blob.type === 'image/png' ? 'png' : 'jpg';
    return new File([blob], renamed(file.name, ext), { type: blob.type, lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}
