/** The Chromium binary: CHROMIUM_PATH, or Debian's /usr/bin/chromium. */
export declare const CHROMIUM_PATH: string;
/** Launch flags common to every caller (see chromium.mjs). */
export declare const CHROMIUM_FLAGS: readonly string[];
