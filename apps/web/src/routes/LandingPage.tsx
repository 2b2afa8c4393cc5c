import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoginDialog } from '../features/auth/LoginDialog';
import { oidcErrorMessage, useConsumedParams } from '../features/auth/oidc-params';
import { LandingView } from '../landing/LandingView';
import { LOGIN_ATTR, readPrerendered, removePrerendered } from '../landing/prerendered';
import { homeFor, useSession } from '../lib/session';

/** Reveals sections once the page is scrolled past 10% of the header's height. */
function useRevealOnScroll(headerRef: React.RefObject<HTMLElement | null>, initial: boolean) {
  const [revealed, setRevealed] = useState(initial);
  useEffect(() => {
    const check = () => {
      const threshold = (headerRef.current?.offsetHeight ?? 0) * 0.1;
      // On a screen tall enough that the page cannot scroll that far, show everything at once.
      const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
      if (window.scrollY > threshold || maxScroll <= threshold) setRevealed(true);
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    return () => window.removeEventListener('scroll', check);
  }, [headerRef]);
  return revealed;
}

export default function LandingPage() {
  const session = useSession();
  const location = useLocation();
  // Loaded by the landing pre-rendered at build time: this page takes its place as it stands, without replaying
  // the entrance, and opens the login if that is what loaded the app.
  const [takeover] = useState(readPrerendered);
  // Back from a failed login with Google (`?oidcError=<code>`): the login dialog opens and says why.
  const returned = useConsumedParams('oidcError');
  const [oidcNotice, setOidcNotice] = useState(() => oidcErrorMessage(returned.oidcError));
  const [loginOpen, setLoginOpen] = useState(Boolean((location.state as { openLogin?: boolean } | null)?.openLogin) || !!oidcNotice);
  // While the login's welcome dialog shows, the login dialog does the navigating.
  const [signingIn, setSigningIn] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const revealed = useRevealOnScroll(headerRef, takeover?.revealed ?? false);
  const [heroIn, setHeroIn] = useState(takeover !== null);
  useEffect(() => setHeroIn(true), []);

  // Before the first paint: the static copy goes, and the button clicked on it gets the focus back once the dialog closes.
  useLayoutEffect(() => {
    if (!takeover) return;
    // Read again now: React may have let the browser handle a click on the static copy after the first render read it.
    const login = readPrerendered()?.login ?? takeover.login;
    removePrerendered();
    if (login) {
      document.querySelector<HTMLElement>(`[${LOGIN_ATTR}="${login}"]`)?.focus();
      setLoginOpen(true);
    }
  }, [takeover]);

  if (session.data && !signingIn) return <Navigate to={homeFor(session.data)} replace />;

  return (
    <>
      <LandingView heroIn={heroIn} revealed={revealed} appear={!takeover} headerRef={headerRef} onLogin={() => setLoginOpen(true)} />
      <LoginDialog
        open={loginOpen}
        onClose={() => {
          setLoginOpen(false);
          setOidcNotice(undefined);
        }}
        onSigningIn={setSigningIn}
        notice={oidcNotice}
      />
    </>
  );
}
