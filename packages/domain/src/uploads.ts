/**
 * Uploaded images (building and complaint pictures): the one size limit. The server's multipart
 * limit, the browser's check and every text that names it come from here.
 */
export const IMAGE_MAX_MB = 5;
export const IMAGE_MAX_BYTES = IMAGE_MAX_MB * 1024 * 1024;
/** The limit as users read it: "5 MB". */
export const IMAGE_MAX_TEXT = `${IMAGE_MAX_MB} MB`;

/**
 * The longest side, in pixels, an uploaded picture is stored at: the server scales a bigger one
 * down, so the browser can do the same before sending it (less data on a phone's connection, and
 * a camera's photo over the size limit still goes through).
 */
export const IMAGE_MAX_SIDE = 1600;

/** A picture's size scaled to fit in a square of `maxSide` pixels, keeping its proportions; never enlarged. */
export function fitInside(width: number, height: number, maxSide = IMAGE_MAX_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
