import { formatDateEs } from '@consorcio/domain';
import { escapeHtml, layout, PRODUCT_NAME, type RenderedMail } from '../mail/mail.templates.ts';

export interface MailSlot {
  amenityType: string;
  buildingName: string;
  /** Local date-times, 'YYYY-MM-DDTHH:mm[:ss]'. */
  start: string;
  finish: string;
}

/** Where the resident sees their bookings (and books or cancels). */
export const residentBookingsLink = (publicUrl: string, userId: number) => `${publicUrl}/public/${userId}/Bookings`;

const hhmm = (local: string) => local.slice(11, 16);
/** A header must stay one line. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
const cell = 'padding:4px 12px 4px 0;vertical-align:top;color:#6b7280';

function compose(input: {
  /** withdrawn: cancelled because the administration deleted (archived) the amenity. */
  kind: 'booked' | 'cancelled' | 'withdrawn';
  slot: MailSlot;
  to: { id: number; name: string };
  byAdmin: boolean;
  publicUrl: string;
}): RenderedMail {
  const { slot, to } = input;
  const date = formatDateEs(slot.start);
  const time = `${hhmm(slot.start)}–${hhmm(slot.finish)}`;
  const link = residentBookingsLink(input.publicUrl, to.id);
  const booked = input.kind === 'booked';
  const subject = oneLine(`${booked ? 'Reserva confirmada' : 'Reserva cancelada'}: ${slot.amenityType} el ${date} de ${time}`);
  const lead = booked
    ? input.byAdmin
      ? `La administración de ${slot.buildingName} reservó para usted este turno:`
      : `Su reserva en ${slot.buildingName} está confirmada:`
    : input.kind === 'withdrawn'
      ? `La administración de ${slot.buildingName} dio de baja ${slot.amenityType}, así que su reserva quedó cancelada:`
      : input.byAdmin
        ? `La administración de ${slot.buildingName} canceló su reserva:`
        : `Su reserva en ${slot.buildingName} fue cancelada:`;
  const closing = booked
    ? 'Las instalaciones se usan bajo su responsabilidad. Si no va a usarlo, cancélelo a tiempo: un turno reservado y no utilizado será multado.'
    : input.kind === 'withdrawn'
      ? 'Disculpe las molestias. Ante cualquier duda, consulte a la administración.'
      : 'El turno queda libre para otros vecinos.';
  const rows: [string, string][] = [
    ['Amenity', slot.amenityType],
    ['Edificio', slot.buildingName],
    ['Fecha', date],
    ['Horario', time],
  ];
  const text = [
    `Hola ${to.name}:`,
    '',
    lead,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    closing,
    '',
    `Ver mis reservas: ${link}`,
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n');
  const html = layout(
    subject,
    `<p>Hola ${escapeHtml(to.name)}:</p>
<p>${escapeHtml(lead)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0">
${rows.map(([k, v]) => `<tr><td style="${cell}">${k}</td><td style="padding:4px 0"><strong>${escapeHtml(v)}</strong></td></tr>`).join('\n')}
</table>
<p>${escapeHtml(closing)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#1e3a5f;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">Ver mis reservas</a></p>
<p style="color:#6b7280;font-size:13px">Si el botón no funciona, copie esta dirección en su navegador: ${escapeHtml(link)}</p>`,
    slot.buildingName,
  );
  return { subject, html, text };
}

/** The confirmation of a booking, to the resident it is for (`byAdmin`: the administration booked it for them). */
export function bookedMail(slot: MailSlot, to: { id: number; name: string }, byAdmin: boolean, publicUrl: string): RenderedMail {
  return compose({ kind: 'booked', slot, to, byAdmin, publicUrl });
}

/** The confirmation of a cancellation, to the resident who held the slot. */
export function cancelledMail(slot: MailSlot, to: { id: number; name: string }, byAdmin: boolean, publicUrl: string): RenderedMail {
  return compose({ kind: 'cancelled', slot, to, byAdmin, publicUrl });
}

/** A booking cancelled because the administration deleted (archived) its amenity. */
export function withdrawnMail(slot: MailSlot, to: { id: number; name: string }, publicUrl: string): RenderedMail {
  return compose({ kind: 'withdrawn', slot, to, byAdmin: true, publicUrl });
}
