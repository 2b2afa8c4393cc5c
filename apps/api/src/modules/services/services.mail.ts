import { escapeHtml, layout, PRODUCT_NAME, type RenderedMail } from '../mail/mail.templates.ts';

export interface MailService {
  title: string;
  provider: string;
  enrollment: string;
  contact: string;
  detail: string;
  buildingId: number;
  buildingName: string;
  proposerName: string;
  apartmentNumber: string | null;
}

/** The administrators' list, filtered to the building's pending services. */
export const pendingServicesLink = (publicUrl: string, buildingId: number) =>
  `${publicUrl}/services?buildingId=${buildingId}&accepted=false`;

/** A header must stay one line: a title holds no newline, but be safe. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
const multiline = (s: string) => escapeHtml(s).replace(/\r?\n/g, '<br>');
const cell = 'padding:4px 12px 4px 0;vertical-align:top;color:#6b7280';

/** A resident's proposal, to each administrator of the building: accept it or delete it. */
export function newServiceMail(s: MailService, to: { name: string }, publicUrl: string): RenderedMail {
  const subject = oneLine(`Nuevo servicio propuesto en ${s.buildingName}: ${s.title}`);
  const link = pendingServicesLink(publicUrl, s.buildingId);
  const lead = `${s.proposerName} propuso un servicio útil en ${s.buildingName}. Los vecinos lo verán cuando usted lo acepte.`;
  const rows: [string, string, string][] = [
    ['Edificio', s.buildingName, escapeHtml(s.buildingName)],
    ...(s.apartmentNumber ? [['Unidad', s.apartmentNumber, escapeHtml(s.apartmentNumber)] as [string, string, string]] : []),
    ['Propuesto por', s.proposerName, escapeHtml(s.proposerName)],
    ['Título', s.title, `<strong>${escapeHtml(s.title)}</strong>`],
    ['Proveedor', s.provider, escapeHtml(s.provider)],
    ...(s.enrollment ? [['Matrícula', s.enrollment, escapeHtml(s.enrollment)] as [string, string, string]] : []),
    ['Contacto', s.contact, escapeHtml(s.contact)],
  ];
  const detail = s.detail ? [['Detalle', s.detail, multiline(s.detail)] as const] : [];
  const text = [
    `Hola ${to.name}:`,
    '',
    lead,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    ...detail.flatMap(([k, v]) => [`${k}:`, v]),
    '',
    `Aceptarlo o eliminarlo: ${link}`,
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n');
  const html = layout(
    subject,
    `<p>Hola ${escapeHtml(to.name)}:</p>
<p>${escapeHtml(lead)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0">
${[...rows, ...detail].map(([k, , h]) => `<tr><td style="${cell}">${k}</td><td style="padding:4px 0">${h}</td></tr>`).join('\n')}
</table>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#1e3a5f;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">Ver los servicios pendientes</a></p>
<p style="color:#6b7280;font-size:13px">Si el botón no funciona, copie esta dirección en su navegador: ${escapeHtml(link)}</p>`,
    s.buildingName,
  );
  return { subject, html, text };
}
