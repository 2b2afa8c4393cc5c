import { randomBytes } from 'node:crypto';
import ical from 'ical-generator';
import { APP_TIME_ZONE, IMPORTANCE_LABEL, todayIso, type Importance } from '@consorcio/domain';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { ResidentPrincipal } from '../../plugins/auth.ts';
import { feedAlerts, findFeedBuilding, findFeedToken, insertFeedToken, replaceFeedToken } from './feed.repository.ts';

/** A feed token: 32 random bytes, base64url (43 characters). */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** More alerts than any building posts in years; a bound on one response all the same. */
const FEED_MAX_ALERTS = 2000;
/** How often calendar apps are asked to fetch the feed again. */
const FEED_REFRESH_SECONDS = 3600;

const newFeedToken = () => randomBytes(32).toString('base64url');

export function feedUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/alerts/feed/${token}.ics`;
}

/** The resident's private feed address, made on the first request. */
export async function getFeedUrl(db: Db, publicUrl: string, p: ResidentPrincipal): Promise<{ url: string }> {
  let token = await findFeedToken(db, p.id);
  if (!token) {
    await insertFeedToken(db, p.id, newFeedToken());
    token = (await findFeedToken(db, p.id))!;
  }
  return { url: feedUrl(publicUrl, token) };
}

/** A new address for the resident's feed; the old one answers 404 from now on. */
export async function renewFeedUrl(db: Db, publicUrl: string, p: ResidentPrincipal): Promise<{ url: string }> {
  const token = newFeedToken();
  await replaceFeedToken(db, p.id, token);
  return { url: feedUrl(publicUrl, token) };
}

/**
 * The iCalendar text of the feed behind `token`: its holder's building's alerts of the last
 * 12 months and every later one, as all-day events. Unknown, voided or banned → 404.
 */
export async function renderFeed(db: Db, token: string, o: { publicUrl: string; now: Date }): Promise<string> {
  const building = FEED_TOKEN_PATTERN.test(token) ? await findFeedBuilding(db, token) : undefined;
  if (!building) throw notFound();
  const today = todayIso(o.now);
  const rows = await feedAlerts(db, building.id, shiftIso(today, { years: -1 }), FEED_MAX_ALERTS);
  const host = new URL(o.publicUrl).hostname;
  const calendar = ical({
    name: building.name,
    description: `Alertas de ${building.name}`,
    prodId: { company: 'Panel Administrador', product: 'Alertas', language: 'ES' },
    ttl: FEED_REFRESH_SECONDS,
    // Not timezone(): ical-generator would then write DTSTAMP in the server's local time without
    // its Z. All-day events need no zone; this tells calendar apps where the building is.
    x: { 'X-WR-TIMEZONE': APP_TIME_ZONE },
  });
  for (const a of rows.reverse()) {
    calendar.createEvent({
      // Stable across fetches and edits, so a calendar app updates the event instead of adding another.
      id: `alert-${a.id}@${host}`,
      allDay: true,
      start: plainDate(a.date),
      end: plainDate(shiftIso(a.date, { days: 1 })),
      summary: alertSummary(a.importance, a.concept),
      description: a.details || null,
      stamp: o.now,
    });
  }
  return calendar.toString();
}

/** The event title: the importance first, as a calendar list shows only titles. */
export function alertSummary(importance: Importance, concept: string): string {
  return `[${IMPORTANCE_LABEL[importance]}] ${concept}`;
}

/** YYYY-MM-DD moved by whole years or days (29 February a year back becomes 1 March). */
function shiftIso(iso: string, by: { years?: number; days?: number }): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + (by.years ?? 0), m - 1, d + (by.days ?? 0))).toISOString().slice(0, 10);
}

/**
 * A day with no time and no zone, in the shape of Temporal.PlainDate that ical-generator
 * accepts: a Date would be read in the server's zone and could land on the day before.
 */
function plainDate(iso: string) {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return {
    year,
    month,
    day,
    toPlainDateTime: () => {
      throw new Error('not needed for all-day events');
    },
    toJSON: () => iso,
    toString: () => iso,
  };
}
