/** The stand-in geocoder's port (playwright.config.ts starts it and points GEOCODER_URL at it). */
export const GEOCODER_PORT = Number(process.env.E2E_PORT ?? 3210) + 2000;

/** What the product has asked the geocoder so far. */
export async function geocoderQueries(): Promise<string[]> {
  return (await fetch(`http://127.0.0.1:${GEOCODER_PORT}/queries`)).json() as Promise<string[]>;
}
