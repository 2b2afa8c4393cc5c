import { formatDateEs, localDateTimeIso, type Booking } from '@consorcio/domain';

/** One bookable window of a day: the free seats (slot ids) that share a start. */
export interface SlotWindow {
  start: string;
  finish: string;
  slotIds: number[];
}

/** Now as a local Argentina date-time 'YYYY-MM-DDTHH:mm', the form slots are shown in. */
export const nowLocal = (now: Date = new Date()): string => localDateTimeIso(now).slice(0, 16);

/** 'YYYY-MM-DDTHH:mm' → 'HH:mm' */
export const timeOf = (dt: string) => dt.slice(11, 16);

/** The time range of a slot, "HH:mm – HH:mm". */
export const timeRange = (s: { start: string; finish: string }) => `${timeOf(s.start)} – ${timeOf(s.finish)}`;

/** The day of a slot, DD/MM/YYYY. */
export const dayOf = (s: { start: string }) => formatDateEs(s.start);

/**
 * Free slots (ordered by start, seat) folded into windows, each shown once however many seats it has.
 * Windows that already started are left out: they cannot be taken any more.
 */
export function freeWindows(slots: readonly Booking[], now: string): SlotWindow[] {
  const out: SlotWindow[] = [];
  for (const s of slots) {
    if (s.status !== 'free' || s.start <= now) continue;
    const last = out.at(-1);
    if (last?.start === s.start) last.slotIds.push(s.id);
    else out.push({ start: s.start, finish: s.finish, slotIds: [s.id] });
  }
  return out;
}

/** "HH:mm – HH:mm", with how many places are left when several people can book the same window. */
export function windowLabel(w: SlotWindow, capacity: number): string {
  if (capacity <= 1) return timeRange(w);
  const n = w.slotIds.length;
  return `${timeRange(w)} (${n} ${n === 1 ? 'lugar' : 'lugares'})`;
}
