/** Spanish e-mails: HTML and plain text, with the product's name and the building's. */
export const PRODUCT_NAME = 'Panel Administrador';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  /** How long after queueing it is still worth sending (a link that expires); undefined: always. */
  lifetimeMs?: number;
  /** Extra headers, such as List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function layout(title: string, bodyHtml: string, buildingName: string | null): string {
  const place = buildingName ? ` · ${escapeHtml(buildingName)}` : '';
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:8px">
<tr><td style="padding:20px 24px;background:#1e3a5f;color:#fff;border-radius:8px 8px 0 0;font-size:18px;font-weight:bold">${PRODUCT_NAME}${place}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">${bodyHtml}</td></tr>
<tr><td style="padding:16px 24px;color:#6b7280;font-size:12px">Este mensaje fue enviado automáticamente por ${PRODUCT_NAME}. No lo responda.</td></tr>
</table></td></tr></table></body></html>`;
}

/** A reset link works this long after it was issued (and its e-mail queued). */
export const RESET_LINK_TTL_MS = 60 * 60_000;
const RESET_SUBJECT = `${PRODUCT_NAME}: restablecer su contraseña`;

/** The password-reset (or first password) link, valid 60 minutes, single use. */
export function resetPasswordMail(input: { name: string; buildingName: string | null; link: string }): RenderedMail {
  const subject = RESET_SUBJECT;
  const where = input.buildingName ? ` de ${input.buildingName}` : '';
  const text = [
    `Hola ${input.name}:`,
    '',
    `Recibimos un pedido para elegir una nueva contraseña de su cuenta${where} en ${PRODUCT_NAME}.`,
    'Abra este enlace para elegirla (vale por 60 minutos y se puede usar una sola vez):',
    '',
    input.link,
    '',
    'Si usted no lo pidió, ignore este mensaje: su contraseña no cambia.',
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = layout(
    subject,
    `<p>Hola ${escapeHtml(input.name)}:</p>
<p>Recibimos un pedido para elegir una nueva contraseña de su cuenta${escapeHtml(where)} en ${PRODUCT_NAME}.</p>
<p style="margin:24px 0"><a href="${link}" style="background:#1e3a5f;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">Elegir nueva contraseña</a></p>
<p>El enlace vale por 60 minutos y se puede usar una sola vez. Si el botón no funciona, copie esta dirección en su navegador:<br><a href="${link}">${link}</a></p>
<p>Si usted no lo pidió, ignore este mensaje: su contraseña no cambia.</p>`,
    input.buildingName,
  );
  // Delivered after its link expired, it would only confuse.
  return { subject, html, text, lifetimeMs: RESET_LINK_TTL_MS };
}
