import { BOOKING_STATUS_LABEL, formatDateEs, slotCount, type Booking } from '@consorcio/domain';

/** 'YYYY-MM-DDTHH:mm' → 'HH:mm' */
export const timeOf = (localDateTime: string) => localDateTime.slice(11, 16);

/** 'YYYY-MM-DDTHH:mm' → 'DD/MM/YYYY HH:mm' */
export const dateTimeEs = (localDateTime: string) => `${formatDateEs(localDateTime)} ${timeOf(localDateTime)}`;

/** The end of a slot: only the time when it ends the day it starts. */
export const finishEs = (start: string, finish: string) =>
  start.slice(0, 10) === finish.slice(0, 10) ? timeOf(finish) : dateTimeEs(finish);

/** The slots of one amenity that share a start (one per seat of the window). */
export interface SlotGroup {
  start: string;
  finish: string;
  slots: Booking[];
}

/** Groups slots by start, keeping the server's order (start, seat). */
export function groupByStart(slots: Booking[]): SlotGroup[] {
  const groups = new Map<string, SlotGroup>();
  for (const s of slots) {
    const g = groups.get(s.start);
    if (g) g.slots.push(s);
    else groups.set(s.start, { start: s.start, finish: s.finish, slots: [s] });
  }
  return [...groups.values()];
}

const booked = (slots: Booking[]) => slots.filter((s) => s.status === 'booked');

/** Usuario of a group: the booker's name when one, "Varios" when several, "—" when none. */
export function groupUser(slots: Booking[]): string {
  const b = booked(slots);
  if (b.length === 0) return '—';
  if (b.length === 1) return b[0]!.user?.name ?? '—';
  return 'Varios';
}

/** Estado of a group: the state itself for one seat, else "2 de 3 reservados". */
export function groupState(slots: Booking[]): string {
  if (slots.length === 1) return BOOKING_STATUS_LABEL[slots[0]!.status];
  const n = booked(slots).length;
  return `${n} de ${slots.length} reservados`;
}

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Se crearán N turnos (X por día × Y días × Z lugares)", said before confirming a generation. */
export function slotsSummary(
  v: { dateStart: string; dateEnd: string; timeStart: string; timeEnd: string; duration: string },
  capacity: number,
) {
  const c = slotCount(v, capacity);
  const text =
    `Se crearán ${plural(c.total, 'turno', 'turnos')} ` +
    `(${c.perDay} por día × ${plural(c.days, 'día', 'días')} × ${plural(capacity, 'lugar', 'lugares')})`;
  return { ...c, text };
}
