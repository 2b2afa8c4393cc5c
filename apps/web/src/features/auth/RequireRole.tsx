import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '@consorcio/domain';
import { PageLoader } from '../../components/PageLoader';
import { ErrorState } from '../../components/ErrorState';
import { homeFor, useSession } from '../../lib/session';

// Shown once per account: its form (react-hook-form, zod) loads only then, not with every page.
const FirstLoginGate = lazy(() => import('./FirstLoginGate').then((m) => ({ default: m.FirstLoginGate })));

/** Route guard: the server session decides; the wrong role goes to its own home. */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <PageLoader />;
  if (session.isError) return <ErrorState onRetry={() => session.refetch()} />;
  const profile = session.data;
  if (!profile) return <Navigate to="/logging" replace state={{ from: location.pathname }} />;
  if (profile.first_logging) {
    return (
      <Suspense fallback={<PageLoader />}>
        <FirstLoginGate profile={profile} />
      </Suspense>
    );
  }
  if (profile.role !== role) return <Navigate to={homeFor(profile)} replace />;
  return <>{children}</>;
}
