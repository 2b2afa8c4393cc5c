import type { GeocodeResult } from '@consorcio/domain';

/** Address search: text in, a few places with coordinates out. Never throws: failure is "no suggestions". */
export interface Geocoder {
  /** false: the form types addresses (and coordinates) by hand, without suggestions. */
  readonly enabled: boolean;
  search(query: string): Promise<GeocodeResult[]>;
}

/** How long the service may take before the form falls back to typing by hand. */
export const GEOCODER_TIMEOUT_MS = 3000;
/** Nominatim's usage policy: at most one request a second from the whole application. */
export const GEOCODER_INTERVAL_MS = 1000;
/** A query that would wait longer than this for its turn is answered empty instead of queued. */
export const GEOCODER_MAX_WAIT_MS = 2000;

/**
 * Time as the geocoder sees it: the clock, waiting, and the request timeout. Production uses the
 * system's; tests inject their own, so they assert the schedule the code computed, never how
 * long the machine took.
 */
export interface Scheduler {
  now(): number;
  sleep(ms: number): Promise<void>;
  /** A signal that aborts after `ms`. */
  timeout(ms: number): AbortSignal;
}

export const systemScheduler: Scheduler = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  timeout: (ms) => AbortSignal.timeout(ms),
};

/** `GEOCODER_URL=off`: no suggestions; the form takes the address and coordinates by hand. */
export class DisabledGeocoder implements Geocoder {
  readonly enabled = false;
  async search(): Promise<GeocodeResult[]> {
    return [];
  }
}

/**
 * Spaces calls at least `intervalMs` apart. A caller waits for its turn, unless the queue is
 * already longer than `maxWaitMs`: then it gets false at once (answered empty, not queued).
 */
export class Throttle {
  private nextAt = 0;
  constructor(
    private readonly intervalMs: number,
    private readonly maxWaitMs: number,
    private readonly scheduler: Pick<Scheduler, 'now' | 'sleep'> = systemScheduler,
  ) {}

  async acquire(): Promise<boolean> {
    const now = this.scheduler.now();
    const at = Math.max(now, this.nextAt);
    if (at - now > this.maxWaitMs) return false;
    this.nextAt = at + this.intervalMs;
    if (at > now) await this.scheduler.sleep(at - now);
    return true;
  }
}

/** A small least-recently-used map with an age limit. */
export class LruCache<V> {
  private readonly map = new Map<string, { value: V; at: number }>();
  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    this.map.delete(key);
    if (this.now() - hit.at > this.ttlMs) return undefined;
    this.map.set(key, hit);
    return hit.value;
  }

  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, { value, at: this.now() });
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }
}

/**
 * Nominatim's usage policy allows at most one request per second from the whole application and
 * forbids autocomplete-style load: every NominatimGeocoder in this process shares one throttle
 * per upstream origin (per scheduler: the system's is the only one outside tests), and repeated
 * queries are answered from a cache.
 */
const throttles = new WeakMap<Scheduler, Map<string, Throttle>>();
function throttleFor(scheduler: Scheduler, origin: string): Throttle {
  let byOrigin = throttles.get(scheduler);
  if (!byOrigin) {
    byOrigin = new Map();
    throttles.set(scheduler, byOrigin);
  }
  let t = byOrigin.get(origin);
  if (!t) {
    t = new Throttle(GEOCODER_INTERVAL_MS, GEOCODER_MAX_WAIT_MS, scheduler);
    byOrigin.set(origin, t);
  }
  return t;
}

export interface NominatimOptions {
  userAgent?: string;
  scheduler?: Scheduler;
}

/** Nominatim sends coordinates as text; anything else (null, '', missing) is not a coordinate. */
const coordinate = (v: unknown, limit: number) => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : typeof v === 'number' ? v : NaN;
  return Math.abs(n) <= limit ? n : NaN;
};

const normalise = (q: string) => q.trim().replace(/\s+/g, ' ').toLocaleLowerCase('es-AR');

/** A Nominatim-compatible service (`GEOCODER_URL`), limited to Argentina. */
export class NominatimGeocoder implements Geocoder {
  readonly enabled = true;
  private readonly cache: LruCache<GeocodeResult[]>;
  /** The same query asked twice at once goes upstream once. */
  private readonly inFlight = new Map<string, Promise<GeocodeResult[] | null>>();
  private readonly throttle: Throttle;
  private readonly userAgent: string;
  private readonly scheduler: Scheduler;

  constructor(
    private readonly baseUrl: string,
    { userAgent = 'PanelAdministrador/1.0 (consorcio)', scheduler = systemScheduler }: NominatimOptions = {},
  ) {
    this.userAgent = userAgent;
    this.scheduler = scheduler;
    this.cache = new LruCache<GeocodeResult[]>(200, 60 * 60_000, () => scheduler.now());
    this.throttle = throttleFor(scheduler, new URL(baseUrl).origin);
  }

  async search(query: string): Promise<GeocodeResult[]> {
    const key = normalise(query);
    const cached = this.cache.get(key);
    if (cached) return cached;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.fetchPlaces(query.trim()).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    const places = await pending;
    // Failures and throttled calls are not remembered: the next keystroke may try again.
    if (places) this.cache.set(key, places);
    return places ?? [];
  }

  /** The places, or null when the service was not asked (throttled) or did not answer well. */
  private async fetchPlaces(query: string): Promise<GeocodeResult[] | null> {
    if (!(await this.throttle.acquire())) return null;
    const url = new URL(`${this.baseUrl}/search`);
    url.searchParams.set('format', 'jsonv2');
    url.searchParams.set('q', query);
    url.searchParams.set('countrycodes', 'ar');
    url.searchParams.set('limit', '5');
    try {
      const res = await fetch(url, {
        headers: { 'user-agent': this.userAgent, accept: 'application/json', 'accept-language': 'es' },
        signal: this.scheduler.timeout(GEOCODER_TIMEOUT_MS),
      });
      if (!res.ok) return null;
      const data = (await res.json()) as unknown;
      if (!Array.isArray(data)) return null;
      return data
        .map((p: { display_name?: unknown; lat?: unknown; lon?: unknown }) => ({
          label: typeof p.display_name === 'string' ? p.display_name : '',
          latitude: coordinate(p.lat, 90),
          longitude: coordinate(p.lon, 180),
        }))
        .filter((p) => p.label && Number.isFinite(p.latitude) && Number.isFinite(p.longitude))
        .slice(0, 5);
    } catch {
      // Unreachable, slow or malformed: the form falls back to typing the address by hand.
      return null;
    }
  }
}
