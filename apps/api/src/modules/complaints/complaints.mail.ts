import { COMPLAINT_STATE_LABEL, formatDateEs, IMPORTANCE_LABEL, type ComplaintState, type Importance } from '@consorcio/domain';
import { escapeHtml, layout, PRODUCT_NAME, type RenderedMail } from '../mail/mail.templates.ts';

export interface MailComplaint {
  id: number;
  userId: number;
  date: string;
  subject: string;
  details: string;
  importance: Importance;
  buildingName: string;
  apartmentNumber: string | null;
  authorName: string;
}

/** Where each side reads a complaint: the administrators' list, the resident's own page of it. */
export const adminComplaintsLink = (publicUrl: string) => `${publicUrl}/complaints`;
export const residentComplaintLink = (publicUrl: string, c: Pick<MailComplaint, 'id' | 'userId'>) =>
  `${publicUrl}/public/${c.userId}/complaintDetail/${c.id}`;

/** A header must stay one line: the subject may hold newlines and tabs. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
const multiline = (s: string) => escapeHtml(s).replace(/\r?\n/g, '<br>');
const cell = 'padding:4px 12px 4px 0;vertical-align:top;color:#6b7280';

function facts(c: MailComplaint): { text: string[]; html: string } {
  const rows: [string, string, string][] = [
    ['Edificio', c.buildingName, escapeHtml(c.buildingName)],
    ...(c.apartmentNumber ? [['Unidad', c.apartmentNumber, escapeHtml(c.apartmentNumber)] as [string, string, string]] : []),
    ['Vecino', c.authorName, escapeHtml(c.authorName)],
    ['Fecha', formatDateEs(c.date), formatDateEs(c.date)],
    ['Asunto', c.subject, `<strong>${escapeHtml(c.subject)}</strong>`],
    ['Importancia', IMPORTANCE_LABEL[c.importance], IMPORTANCE_LABEL[c.importance]],
  ];
  return {
    text: [...rows.map(([k, v]) => `${k}: ${v}`), 'Detalle:', c.details],
    html: `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0">
${rows.map(([k, , h]) => `<tr><td style="${cell}">${k}</td><td style="padding:4px 0">${h}</td></tr>`).join('\n')}
<tr><td style="${cell}">Detalle</td><td style="padding:4px 0">${multiline(c.details)}</td></tr>
</table>`,
  };
}

function button(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#1e3a5f;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${label}</a></p>`;
}

function compose(input: {
  subject: string;
  greeting: string;
  lead: string;
  body: { text: string[]; html: string };
  link: string;
  linkLabel: string;
  buildingName: string;
}): RenderedMail {
  const subject = oneLine(input.subject);
  const text = [
    `Hola ${input.greeting}:`,
    '',
    input.lead,
    '',
    ...input.body.text,
    '',
    `${input.linkLabel}: ${input.link}`,
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n');
  const html = layout(
    subject,
    `<p>Hola ${escapeHtml(input.greeting)}:</p>
<p>${escapeHtml(input.lead)}</p>
${input.body.html}
${button(input.link, escapeHtml(input.linkLabel))}
<p style="color:#6b7280;font-size:13px">Si el botón no funciona, copie esta dirección en su navegador: ${escapeHtml(input.link)}</p>`,
    input.buildingName,
  );
  return { subject, html, text };
}

/** A new complaint, to each administrator of its building. */
export function newComplaintMail(c: MailComplaint, to: { name: string }, publicUrl: string): RenderedMail {
  return compose({
    subject: `Nuevo reclamo en ${c.buildingName}: ${c.subject}`,
    greeting: to.name,
    lead: `${c.authorName} presentó un reclamo en ${c.buildingName}:`,
    body: facts(c),
    link: adminComplaintsLink(publicUrl),
    linkLabel: 'Ver los reclamos',
    buildingName: c.buildingName,
  });
}

/** A reply in the thread, to the other side: the author (`toAdmin` false) or each administrator. */
export function replyMail(
  c: MailComplaint,
  reply: { authorName: string; text: string },
  to: { name: string; admin: boolean },
  publicUrl: string,
): RenderedMail {
  const thread = {
    text: [`Asunto: ${c.subject}`, `Respuesta de ${reply.authorName}:`, reply.text],
    html: `<p>Asunto: <strong>${escapeHtml(c.subject)}</strong></p>
<p style="margin:0 0 4px;color:#6b7280">Respuesta de ${escapeHtml(reply.authorName)}:</p>
<blockquote style="margin:0;padding:8px 12px;border-left:4px solid #1e3a5f;background:#f4f6f8">${multiline(reply.text)}</blockquote>`,
  };
  return to.admin
    ? compose({
        subject: `Nueva respuesta al reclamo de ${c.buildingName}: ${c.subject}`,
        greeting: to.name,
        lead: `${c.authorName} respondió en su reclamo de ${c.buildingName}.`,
        body: thread,
        link: adminComplaintsLink(publicUrl),
        linkLabel: 'Ver los reclamos',
        buildingName: c.buildingName,
      })
    : compose({
        subject: `Respuesta a su reclamo en ${c.buildingName}: ${c.subject}`,
        greeting: to.name,
        lead: `La administración de ${c.buildingName} respondió su reclamo.`,
        body: thread,
        link: residentComplaintLink(publicUrl, c),
        linkLabel: 'Ver el reclamo',
        buildingName: c.buildingName,
      });
}

/** A change of state, to the author. */
export function stateMail(c: MailComplaint, state: ComplaintState, to: { name: string }, publicUrl: string): RenderedMail {
  const label = COMPLAINT_STATE_LABEL[state];
  const lead =
    state === 'closed'
      ? `La administración de ${c.buildingName} cerró su reclamo.`
      : `La administración de ${c.buildingName} abrió de nuevo su reclamo.`;
  return compose({
    subject: `Su reclamo en ${c.buildingName} fue ${state === 'closed' ? 'cerrado' : 'abierto de nuevo'}: ${c.subject}`,
    greeting: to.name,
    lead,
    body: {
      text: [`Asunto: ${c.subject}`, `Fecha: ${formatDateEs(c.date)}`, `Estado: ${label}`],
      html: `<p>Asunto: <strong>${escapeHtml(c.subject)}</strong><br>Fecha: ${formatDateEs(c.date)}<br>Estado: <strong>${label}</strong></p>`,
    },
    link: residentComplaintLink(publicUrl, c),
    linkLabel: 'Ver el reclamo',
    buildingName: c.buildingName,
  });
}
