import type { GeocodeResult } from '@consorcio/domain';

/** Address search: text in, a few places with coordinates out. Never throws: failure is "no suggestions". */
export interface Geocoder {
  /** false: the form types addresses (and coordinates) by hand, without suggestions. */
  readonly enabled: boolean;
  search(query: string): Promise<GeocodeResult[]>;
}

const TIMEOUT_MS = 3000;

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
    private readonly now: () => number = Date.now,
  ) {}

  async acquire(): Promise<boolean> {
    const now = this.now();
    const at = Math.max(now, this.nextAt);
    if (at - now > this.maxWaitMs) return false;
    this.nextAt = at + this.intervalMs;
    if (at > now) await new Promise((r) => setTimeout(r, at - now));
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
 * per upstream origin, and repeated queries are answered from a cache.
 */
const throttles = new Map<string, Throttle>();
function throttleFor(origin: string): Throttle {
  let t = throttles.get(origin);
  if (!t) {
    t = new Throttle(1000, 2000);
    throttles.set(origin, t);
  }
  return t;
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
  private readonly cache = new LruCache<GeocodeResult[]>(200, 60 * 60_000);
  /** The same query asked twice at once goes upstream once. */
  private readonly inFlight = new Map<string, Promise<GeocodeResult[] | null>>();
  private readonly throttle: Throttle;

  constructor(
    private readonly baseUrl: string,
    private readonly userAgent = 'PanelAdministrador/1.0 (consorcio)',
    throttle?: Throttle,
  ) {
    this.throttle = throttle ?? throttleFor(new URL(baseUrl).origin);
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
        signal: AbortSignal.timeout(TIMEOUT_MS),
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
