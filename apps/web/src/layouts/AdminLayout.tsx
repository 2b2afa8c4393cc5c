import ApartmentIcon from '@mui/icons-material/Apartment';
import EventSeatIcon from '@mui/icons-material/EventSeat';
import PaymentsIcon from '@mui/icons-material/Payments';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import PeopleIcon from '@mui/icons-material/People';
import HandymanIcon from '@mui/icons-material/Handyman';
import { AppShell, type NavItem } from './AppShell';
import { RequireRole } from '../features/auth/RequireRole';
import { NotificationBell } from '../features/complaints/NotificationBell';

const ADMIN_NAV: NavItem[] = [
  {
    label: 'Edificios',
    to: '/buildings',
    icon: <ApartmentIcon />,
    also: ['/buildingadd', '/buildingDetail/', '/buildingupdate/', '/apartment'],
  },
  {
    label: 'Amenities',
    to: '/amenities',
    icon: <EventSeatIcon />,
    also: ['/amenityCreate', '/amenityUpdate/', '/AmenitieDetail/', '/createBookings'],
  },
  { label: 'Gastos', to: '/spendings/board', icon: <PaymentsIcon />, also: ['/spendings/'] },
  { label: 'Alertas', to: '/alerts', icon: <NotificationsActiveIcon />, also: ['/alertsAdd', '/alertsUpdate/'] },
  { label: 'Expensas', to: '/ExpensesTable', icon: <ReceiptLongIcon />, also: ['/settlements/'] },
  { label: 'Usuarios', to: '/userDetail', icon: <PeopleIcon />, also: ['/userCreate', '/userupdate/', '/userView/'] },
  { label: 'Servicios Utiles', to: '/services', icon: <HandymanIcon /> },
];

export default function AdminLayout() {
  return (
    <RequireRole role="admin">
      <AppShell title="Panel Administrador" homeTo="/" nav={ADMIN_NAV} topBarExtra={<NotificationBell />} />
    </RequireRole>
  );
}
