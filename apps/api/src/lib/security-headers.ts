/**
 * Security headers, computed once at start and set by one hook, instead of helmet's middleware chain on every
 * request. Two sets:
 * - documents (the web app's pages and files, the API's docs page): the full set a page needs;
 * - API answers (JSON, uploaded images): what still means something for a response no one renders as a page.
 *   A JSON answer has no scripts, frames, links or subresources, so the document-only headers (opener policy,
 *   origin cluster, DNS prefetch, the long CSP) would be bytes on every call for nothing.
 * Left out everywhere as redundant: X-XSS-Protection (helmet sent `0`, which is what every browser does
 * today), X-Download-Options (Internet Explorer 8) and X-Permitted-Cross-Domain-Policies (Flash, Acrobat).
 */
export interface SecurityHeaders {
  document: Record<string, string>;
  api: Record<string, string>;
}

export function securityHeaders(opts: { tileOrigin?: string; hsts: boolean }): SecurityHeaders {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // MUI (emotion) injects its styles at run time.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${opts.tileOrigin ? ` ${opts.tileOrigin}` : ''}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join(';');
  const both: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-resource-policy': 'same-origin',
    ...(opts.hsts ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  return {
    document: {
      'content-security-policy': csp,
      'cross-origin-opener-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      // For browsers older than CSP's frame-ancestors; the same rule.
      'x-frame-options': 'DENY',
      'x-dns-prefetch-control': 'off',
      ...both,
    },
    api: {
      // Opened as a page, an answer may load nothing and be framed by no one.
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      ...both,
    },
  };
}

/** API answers get the short set; the docs page under /api is a document. */
export function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}
