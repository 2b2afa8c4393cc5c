import { Navigate, useParams } from 'react-router';
import Stack from '@mui/material/Stack';
import { PageHeader } from '../../components/PageHeader';
import { useSession } from '../../lib/session';
import { SubscriptionForm } from './SubscriptionForm';
import { CalendarFeedSection } from './CalendarFeedSection';

/** /public/{id}/subscriptions: which alerts reach the resident by e-mail, and their calendar link. */
export default function SubscriptionsPage() {
  const session = useSession();
  const id = Number(useParams().id);
  const self = session.data?.id;
  if (self && id !== self) return <Navigate to={`/public/${self}/subscriptions`} replace />;

  return (
    <>
      <PageHeader title="Suscripciones" />
      <Stack spacing={3} sx={{ maxWidth: 720 }}>
        <SubscriptionForm userId={self} />
        <CalendarFeedSection />
      </Stack>
    </>
  );
}
