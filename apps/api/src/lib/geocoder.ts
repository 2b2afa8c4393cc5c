import type { GeocodeResult } from '@consorcio/domain';

/** Address search: text in, a few places with coordinates out. Never throws: failure is "no suggestions". */
export interface Geocoder {
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

/** A Nominatim-compatible service (`GEOCODER_URL`), limited to Argentina. */
export class NominatimGeocoder implements Geocoder {
  constructor(
    private readonly baseUrl: string,
    private readonly userAgent = 'PanelAdministrador/1.0 (consorcio)',
  ) {}

  async search(query: string): Promise<GeocodeResult[]> {
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
      if (!res.ok) return [];
      const data = (await res.json()) as unknown;
      if (!Array.isArray(data)) return [];
      return data
        .map((p: { display_name?: unknown; lat?: unknown; lon?: unknown }) => ({
          label: typeof p.display_name === 'string' ? p.display_name : '',
          latitude: Number(p.lat),
          longitude: Number(p.lon),
        }))
        .filter((p) => p.label && Number.isFinite(p.latitude) && Number.isFinite(p.longitude))
        .slice(0, 5);
    } catch {
      // Unreachable, slow or malformed: the form falls back to typing the address by hand.
      return [];
    }
  }
}
