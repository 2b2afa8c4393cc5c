/** The stand-in identity provider ("Google") of the journeys: playwright.config.ts starts it and points OIDC_* at it. */
export const OIDC_PORT = Number(process.env.E2E_PORT ?? 3210) + 5000;
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
export const OIDC_CLIENT = { id: 'consorcio-e2e', secret: 'e2e-client-secret-not-a-real-one' };

/** A login typed at the stand-in's form: `nueva-<anything>` is a person with a verified e-mail `<login>@example.com`. */
export const newGoogleLogin = () => `nueva-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
export const NEW_GOOGLE_NAME = 'Lucía Ferreyra';
