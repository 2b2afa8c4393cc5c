/**
 * The contract between the landing pre-rendered at build time (scripts/prerender.ts, landing-boot.ts)
 * and the app that takes it over: the static markup sits in its own element beside #root, marked
 * with what happened on it before the app arrived.
 */

/** The element holding the static landing; the app removes it once its own landing is mounted. */
export const PRERENDERED_ID = 'landing-prerendered';
/** On the Ingresar buttons: which one asked for the login (the app moves the focus there). */
export const LOGIN_ATTR = 'data-landing-login';
/** On the static element: the button that asked for the login before the app was there. */
export const LOGIN_INTENT_ATTR = 'data-login-intent';
/** On the static element: the sections were already revealed by scrolling. */
export const REVEALED_ATTR = 'data-revealed';
/** On the elements the scroll reveals: `fade:<ms>` or `grow:<ms>`, as MUI's Fade and Grow would. */
export const REVEAL_ATTR = 'data-reveal';
/** Texts of the moment the page is seen, not of the build: the preview's month and the footer's year. */
export const MONTH_ATTR = 'data-landing-month';
export const YEAR_ATTR = 'data-landing-year';

export interface PrerenderedState {
  /** The Ingresar button clicked on the static page, if any. */
  login: string | null;
  revealed: boolean;
}

/** What the static landing hands over; null when the app was not started by it (a navigation inside the app). */
export function readPrerendered(): PrerenderedState | null {
  const el = document.getElementById(PRERENDERED_ID);
  if (!el) return null;
  return { login: el.getAttribute(LOGIN_INTENT_ATTR), revealed: el.hasAttribute(REVEALED_ATTR) };
}

export function removePrerendered(): void {
  document.getElementById(PRERENDERED_ID)?.remove();
}
