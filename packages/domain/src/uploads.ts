/**
 * Uploaded images (building and complaint pictures): the one size limit. The server's multipart
 * limit, the browser's check and every text that names it come from here.
 */
export const IMAGE_MAX_MB = 5;
export const IMAGE_MAX_BYTES = IMAGE_MAX_MB * 1024 * 1024;
/** The limit as users read it: "5 MB". */
export const IMAGE_MAX_TEXT = `${IMAGE_MAX_MB} MB`;
