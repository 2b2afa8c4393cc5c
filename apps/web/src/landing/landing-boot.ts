/**
 * The only script of the pre-rendered landing, written beside it by scripts/prerender.ts: no React, no app. It does what the
 * landing does before anyone asks for more (the scroll reveal, today's month and year) and loads the app when it is
 * needed: on the first click on Ingresar, or at once when the page has something the app must handle (the query of a
 * sign-in with Google, a state handed by a navigation, a profile of a signed-in user who belongs elsewhere).
 * Keep it self-contained: it is compiled alone, without imports.
 */
export interface LandingApp {
  /** The app's entry module and what index.html preloads and links with it. */
  entry: string;
  preload: string[];
  styles: string[];
  /** The attribute names of prerendered.ts, passed in so that this file imports nothing. */
  attrs: { root: string; login: string; loginIntent: string; revealed: string; reveal: string; month: string; year: string };
  /** Where the app keeps the signed-in user's profile (lib/session.ts). */
  profileKey: string;
}

/** What `Intl.DateTimeFormat('es-AR', { month: 'long' })` says, as LandingView shows it. */
const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

export function bootLanding(app: LandingApp): void {
  const { attrs } = app;
  const root = document.getElementById(attrs.root);
  if (!root) return;
  // Written only where the build's differ. A list, not Intl: creating the first es-AR formatter took 16-130 ms on a
  // desktop Chromium here, four times that on a slow phone.
  const now = new Date();
  const today: [string, string][] = [
    [attrs.month, MONTHS[now.getMonth()]!],
    [attrs.year, String(now.getFullYear())],
  ];
  for (const [attr, text] of today) {
    root.querySelectorAll(`[${attr}]`).forEach((el) => {
      if (el.textContent !== text) el.textContent = text;
    });
  }

  let loading: Promise<unknown> | undefined;
  const loadApp = () => {
    if (loading) return;
    const add = (rel: string, href: string) => {
      const link = document.createElement('link');
      link.rel = rel;
      link.href = href;
      if (rel === 'modulepreload') link.crossOrigin = '';
      document.head.appendChild(link);
    };
    app.preload.forEach((href) => add('modulepreload', href));
    app.styles.forEach((href) => add('stylesheet', href));
    loading = import(/* @vite-ignore */ app.entry).catch(() => {
      // Offline or a newer build: the next click tries again.
      loading = undefined;
      root.removeAttribute('aria-busy');
    });
  };

  // Pressing a button starts the download; the click (mouse, touch or keyboard) asks for the dialog.
  const loginButton = (e: Event) => (e.target instanceof Element ? e.target.closest(`[${attrs.login}]`) : null);
  root.addEventListener('pointerdown', (e) => {
    if (loginButton(e)) loadApp();
  });
  root.addEventListener('click', (e) => {
    const button = loginButton(e);
    if (!button) return;
    root.setAttribute(attrs.loginIntent, button.getAttribute(attrs.login) ?? '');
    root.setAttribute('aria-busy', 'true');
    loadApp();
  });

  // The reveal of LandingPage's useRevealOnScroll, with the transitions MUI's Fade and Grow would play.
  const header = root.querySelector('header');
  const reveal = () => {
    const threshold = (header?.offsetHeight ?? 0) * 0.1;
    const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
    if (window.scrollY <= threshold && maxScroll > threshold) return;
    window.removeEventListener('scroll', reveal);
    root.setAttribute(attrs.revealed, '');
    const easing = 'cubic-bezier(0.4, 0, 0.2, 1)';
    root.querySelectorAll<HTMLElement>(`[${attrs.reveal}]`).forEach((el) => {
      const [kind, ms] = (el.getAttribute(attrs.reveal) ?? '').split(':');
      const duration = Number(ms);
      el.style.transition =
        kind === 'grow'
          ? `opacity ${duration}ms ${easing} 0ms, transform ${duration * 0.666}ms ${easing} 0ms`
          : `opacity ${duration}ms ${easing} 0ms`;
      el.style.opacity = '1';
      if (kind === 'grow') el.style.transform = 'none';
      el.style.visibility = '';
    });
  };
  window.addEventListener('scroll', reveal, { passive: true });
  // The first check after the first paint, as the app's effect does: measuring now would force the page's first layout here.
  requestAnimationFrame(() => setTimeout(reveal, 0));

  let handed: { usr?: unknown } | null = null;
  try {
    handed = history.state as { usr?: unknown } | null;
  } catch {
    // No state readable: nothing was handed.
  }
  let signedIn = false;
  try {
    signedIn = localStorage.getItem(app.profileKey) !== null;
  } catch {
    // Storage blocked: the app decides when asked.
  }
  if (location.search || handed?.usr != null || signedIn) loadApp();
}
