import { localDateTimeIso, RULE_MSG, todayIso, type AmenityRules } from '@consorcio/domain';

/**
 * Booking rules that need no database: local Argentina date-times and the time rules. Slots are
 * stored as local wall-clock times (timestamp without time zone), so every comparison here is
 * between 'YYYY-MM-DDTHH:mm:ss' strings, which order like the times they name.
 */

/** 'YYYY-MM-DDTHH:mm' or with seconds → always with seconds, so strings compare as times. */
export function withSeconds(local: string): string {
  return local.length === 16 ? `${local}:00` : local.slice(0, 19);
}

/** Wall-clock arithmetic on a local date-time (naive: Argentina keeps one offset all year). */
export function addHours(local: string, hours: number): string {
  return new Date(Date.parse(`${withSeconds(local)}Z`) + hours * 3600_000).toISOString().slice(0, 19);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The calendar week (Monday to Sunday) holding a slot's start: [from, to) as local date-times. */
export function weekOf(start: string): { from: string; to: string } {
  const day = start.slice(0, 10);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  const monday = addDays(day, -((weekday + 6) % 7));
  return { from: `${monday}T00:00:00`, to: `${addDays(monday, 7)}T00:00:00` };
}

/** The calendar month holding a slot's start: [from, to) as local date-times. */
export function monthOf(start: string): { from: string; to: string } {
  const y = Number(start.slice(0, 4));
  const m = Number(start.slice(5, 7));
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: `${start.slice(0, 7)}-01T00:00:00`, to: `${next}-01T00:00:00` };
}

/** Whether a slot starting then has already begun (it can no longer be taken). */
export function hasStarted(start: string, now: Date): boolean {
  return withSeconds(start) <= localDateTimeIso(now);
}

/**
 * The time rules a resident's booking must meet: no more than `advanceDays` ahead (until the end
 * of that day) and no less than `minNoticeHours` before the start. The refusal message, or null.
 */
export function timeRuleRefusal(rules: AmenityRules, amenity: string, start: string, now: Date): string | null {
  if (rules.advanceDays !== null && start.slice(0, 10) > addDays(todayIso(now), rules.advanceDays)) {
    return RULE_MSG.advanceDays(rules.advanceDays, amenity);
  }
  if (rules.minNoticeHours !== null && withSeconds(start) < addHours(localDateTimeIso(now), rules.minNoticeHours)) {
    return RULE_MSG.minNoticeHours(rules.minNoticeHours, amenity);
  }
  return null;
}

/** A resident cancels no later than `cancelHours` before the start. The refusal message, or null. */
export function cancelRuleRefusal(rules: AmenityRules, amenity: string, start: string, now: Date): string | null {
  if (rules.cancelHours !== null && withSeconds(start) < addHours(localDateTimeIso(now), rules.cancelHours)) {
    return RULE_MSG.cancelHours(rules.cancelHours, amenity);
  }
  return null;
}
