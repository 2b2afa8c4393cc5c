import { useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import SettlementPage from './SettlementPage';

/** The statement inside the resident area, with the way back: where the link was (the spendings board), else their expenses. */
export default function ResidentSettlementPage() {
  const { data } = useSession();
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const back =
    typeof from === 'string' && from.startsWith('/public/')
      ? from
      : data?.apartment
        ? `/public/expenses/${encodeURIComponent(data.apartment.number_apartment)}/${encodeURIComponent(data.building?.name ?? '-')}`
        : undefined;
  return <SettlementPage backTo={back} ownApartmentId={data?.apartment?.id} />;
}
