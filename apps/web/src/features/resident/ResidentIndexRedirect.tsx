import { Navigate } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { useSession } from '../../lib/session';

/** /public alone: the resident's own home (the layout has already checked the session). */
export default function ResidentIndexRedirect() {
  const { data } = useSession();
  return data ? <Navigate to={`/public/${data.id}`} replace /> : <PageLoader />;
}
