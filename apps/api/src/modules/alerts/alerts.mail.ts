import { formatDateEs, IMPORTANCE_LABEL, SUBSCRIPTION_LABEL, type Importance, type SubscriptionKind } from '@consorcio/domain';
import { escapeHtml, layout, PRODUCT_NAME, type RenderedMail } from '../mail/mail.templates.ts';
import type { UnsubscribeLinks } from '../subscriptions/unsubscribe-links.ts';

export interface NoticeAlert {
  date: string;
  concept: string;
  details: string;
  importance: Importance;
}

export interface NoticeAddressee {
  userId: number;
  name: string;
  kind: SubscriptionKind;
}

const IMPORTANCE_COLOR: Record<Importance, string> = { alta: '#b42318', media: '#b54708', baja: '#475467' };
export const CORRECTION_MARK = 'Fe de erratas';

/** A header must stay one line: the concept may hold newlines and tabs. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

const subscriptionText = (kind: SubscriptionKind, buildingName: string) =>
  kind === 'all'
    ? `está suscripto a ${SUBSCRIPTION_LABEL.all} las alertas de ${buildingName}`
    : `está suscripto a las alertas ${SUBSCRIPTION_LABEL.important} (importancia alta y media) de ${buildingName}`;

/**
 * The notice of an alert, for each subscriber: what is shared by every recipient is rendered
 * and escaped once (a building may have a thousand subscribers); the greeting, the calendar link
 * and the unsubscribe links are each recipient's own. `correction` marks an edited alert.
 */
export function alertNoticeRenderer(input: {
  alert: NoticeAlert;
  buildingName: string;
  publicUrl: string;
  correction: boolean;
}): (recipient: NoticeAddressee, unsubscribe: UnsubscribeLinks) => RenderedMail {
  const { alert, buildingName, publicUrl, correction } = input;
  const date = formatDateEs(alert.date);
  const importance = IMPORTANCE_LABEL[alert.importance];
  const subject = oneLine(`${correction ? `${CORRECTION_MARK}: ` : ''}Alerta de ${buildingName}: ${alert.concept} (${date})`);
  const lead = correction
    ? `${CORRECTION_MARK}: la administración corrigió esta alerta de ${buildingName}. Estos son los datos correctos:`
    : `La administración publicó una alerta para ${buildingName}:`;

  const textFacts = [
    `Fecha: ${date}`,
    `Concepto: ${alert.concept}`,
    `Importancia: ${importance}`,
    ...(alert.details ? ['Detalle:', alert.details] : []),
  ];
  const cell = 'padding:4px 12px 4px 0;vertical-align:top;color:#6b7280';
  const htmlFacts = `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0">
<tr><td style="${cell}">Fecha</td><td style="padding:4px 0"><strong>${date}</strong></td></tr>
<tr><td style="${cell}">Concepto</td><td style="padding:4px 0"><strong>${escapeHtml(alert.concept)}</strong></td></tr>
<tr><td style="${cell}">Importancia</td><td style="padding:4px 0"><strong style="color:${IMPORTANCE_COLOR[alert.importance]}">${importance}</strong></td></tr>
${alert.details ? `<tr><td style="${cell}">Detalle</td><td style="padding:4px 0">${escapeHtml(alert.details).replace(/\r?\n/g, '<br>')}</td></tr>` : ''}
</table>`;
  const htmlLead = correction
    ? `<p style="padding:8px 12px;background:#fef3c7;border-radius:6px"><strong>${CORRECTION_MARK}:</strong> la administración corrigió esta alerta de ${escapeHtml(buildingName)}. Estos son los datos correctos:</p>`
    : `<p>La administración publicó una alerta para ${escapeHtml(buildingName)}:</p>`;

  return (recipient, unsubscribe) => {
    const calendar = `${publicUrl}/public/${recipient.userId}/calendar`;
    const why = subscriptionText(recipient.kind, buildingName);
    const text = [
      `Hola ${recipient.name}:`,
      '',
      lead,
      '',
      ...textFacts,
      '',
      `Véala en el calendario del edificio: ${calendar}`,
      '',
      `Recibe este correo porque ${why}. Para dejar de recibirlas: ${unsubscribe.page}`,
      '',
      `— ${PRODUCT_NAME}`,
    ].join('\n');
    const calendarHref = escapeHtml(calendar);
    const html = layout(
      subject,
      `<p>Hola ${escapeHtml(recipient.name)}:</p>
${htmlLead}
${htmlFacts}
<p style="margin:24px 0"><a href="${calendarHref}" style="background:#1e3a5f;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">Ver el calendario</a></p>
<p style="color:#6b7280;font-size:13px">Recibe este correo porque ${escapeHtml(why)}. <a href="${escapeHtml(unsubscribe.page)}">Dejar de recibir alertas por correo</a>.</p>`,
      buildingName,
    );
    return { subject, html, text, headers: unsubscribe.headers };
  };
}
