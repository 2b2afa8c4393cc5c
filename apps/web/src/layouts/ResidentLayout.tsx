import HomeIcon from '@mui/icons-material/Home';
import ApartmentIcon from '@mui/icons-material/Apartment';
import EventSeatIcon from '@mui/icons-material/EventSeat';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import HandymanIcon from '@mui/icons-material/Handyman';
import CampaignIcon from '@mui/icons-material/Campaign';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import { AppShell, type NavItem } from './AppShell';
import { RequireRole } from '../features/auth/RequireRole';
import { useSession } from '../lib/session';

function residentNav(id: number, apartmentNumber: string, buildingName: string, buildingId: number): NavItem[] {
  return [
    { label: 'Inicio', to: `/public/${id}`, icon: <HomeIcon />, end: true },
    { label: 'Mi Edificio', to: `/public/${id}/calendar`, icon: <ApartmentIcon /> },
    { label: 'Alertas', to: `/public/${id}/alerts`, icon: <CampaignIcon /> },
    { label: 'Suscripciones', to: `/public/${id}/subscriptions`, icon: <NotificationsActiveIcon /> },
    { label: 'Amenities', to: `/public/${id}/Bookings`, icon: <EventSeatIcon /> },
    {
      label: 'Mis expensas',
      to: `/public/expenses/${encodeURIComponent(apartmentNumber)}/${encodeURIComponent(buildingName)}`,
      icon: <ReceiptLongIcon />,
    },
    { label: 'Gastos del edificio', to: '/public/spendings/board', icon: <QueryStatsIcon /> },
    { label: 'Reclamos', to: `/public/${id}/complaints`, icon: <ReportProblemIcon /> },
    { label: 'Servicios Utiles', to: `/public/contservices/${buildingId}`, icon: <HandymanIcon /> },
  ];
}

function ResidentShell() {
  const { data } = useSession();
  const nav = data ? residentNav(data.id, data.apartment?.number_apartment ?? '-', data.building?.name ?? '-', data.building?.id ?? 0) : [];
  return <AppShell title="Mi Consorcio" homeTo={data ? `/public/${data.id}` : '/logging'} nav={nav} nameOnPhone />;
}

export default function ResidentLayout() {
  return (
    <RequireRole role="resident">
      <ResidentShell />
    </RequireRole>
  );
}
