import { useSession } from '../../lib/session';
import SettlementPage from './SettlementPage';

/** The statement inside the resident area, with the way back to their expenses. */
export default function ResidentSettlementPage() {
  const { data } = useSession();
  const back = data?.apartment
    ? `/public/expenses/${encodeURIComponent(data.apartment.number_apartment)}/${encodeURIComponent(data.building?.name ?? '-')}`
    : undefined;
  return <SettlementPage backTo={back} ownApartmentId={data?.apartment?.id} />;
}
