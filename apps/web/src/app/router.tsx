import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import { matchRoutes, Navigate, Outlet, useRoutes, type RouteObject } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import ResidentIndexRedirect from '../features/resident/ResidentIndexRedirect';

type Lazy = LazyExoticComponent<ComponentType>;
type Load = () => Promise<{ default: ComponentType }>;
const loaders = new Map<unknown, Load>();
const page = (load: Load): Lazy => {
  const component = lazy(load);
  loaders.set(component, load);
  return component;
};
const el = (C: Lazy) => <C />;

const LandingPage = page(() => import('../routes/LandingPage'));
const RegisterAdminPage = page(() => import('../features/auth/RegisterAdminPage'));
const AdminLayout = page(() => import('../layouts/AdminLayout'));
const ResidentLayout = page(() => import('../layouts/ResidentLayout'));
const NotFoundPage = page(() => import('../routes/NotFoundPage'));
const UsersListPage = page(() => import('../features/users/UsersListPage'));
const UserCreatePage = page(() => import('../features/users/UserCreatePage'));
const UserEditPage = page(() => import('../features/users/UserEditPage'));
const UserViewPage = page(() => import('../features/users/UserViewPage'));
const ResetPasswordPage = page(() => import('../features/auth/ResetPasswordPage'));
const ResidentHomePage = page(() => import('../routes/ResidentHomePage'));
const ResidentCalendarPage = page(() => import('../routes/ResidentCalendarPage'));
const ResidentAlertsPage = page(() => import('../features/alerts/ResidentAlertsPage'));
const AlertsListPage = page(() => import('../features/alerts/AlertsListPage'));
const AlertFormPage = page(() => import('../features/alerts/AlertFormPage'));
const ComplaintsListPage = page(() => import('../features/complaints/ComplaintsListPage'));
const AddComplaintPage = page(() => import('../features/complaints/AddComplaintPage'));
const MyComplaintsPage = page(() => import('../features/complaints/MyComplaintsPage'));
const ComplaintDetailPage = page(() => import('../features/complaints/ComplaintDetailPage'));
const AmenitiesListPage = page(() => import('../features/amenities/AmenitiesListPage'));
const AmenityFormPage = page(() => import('../features/amenities/AmenityFormPage'));
const AmenityDetailPage = page(() => import('../features/amenities/AmenityDetailPage'));
const CreateSlotsPage = page(() => import('../features/amenities/CreateSlotsPage'));
const ResidentBookingsPage = page(() => import('../features/amenities/ResidentBookingsPage'));
const SubscriptionsPage = page(() => import('../features/subscriptions/SubscriptionsPage'));
const UnsubscribePage = page(() => import('../features/subscriptions/UnsubscribePage'));
const HomePage = page(() => import('../features/buildings/HomePage'));
const BuildingsListPage = page(() => import('../features/buildings/BuildingsListPage'));
const BuildingFormPage = page(() => import('../features/buildings/BuildingFormPage'));
const BuildingDetailPage = page(() => import('../routes/BuildingDetailPage'));
const ApartmentCreatePage = page(() => import('../routes/ApartmentCreatePage'));
const ApartmentEditPage = page(() => import('../routes/ApartmentEditPage'));
const SpendingsBoardPage = page(() => import('../routes/SpendingsBoardPage'));
const ResidentSpendingsBoardPage = page(() => import('../features/spendings/ResidentSpendingsBoardPage'));
const SpendingFormPage = page(() => import('../features/spendings/SpendingFormPage'));
const ExpensesTablePage = page(() => import('../features/expenses/ExpensesTablePage'));
const SettlementPage = page(() => import('../features/expenses/SettlementPage'));
const ResidentSettlementPage = page(() => import('../features/expenses/ResidentSettlementPage'));
const MyExpensesPage = page(() => import('../features/expenses/MyExpensesPage'));
const ServicesListPage = page(() => import('../features/services/ServicesListPage'));
const ServiceFormPage = page(() => import('../features/services/ServiceFormPage'));
const ProposeServicePage = page(() => import('../features/services/ProposeServicePage'));
const ServiceCardsPage = page(() => import('../features/services/ServiceCardsPage'));
const SandboxCheckoutPage = page(() => import('../features/payments/SandboxCheckoutPage'));
const ReceiptPage = page(() => import('../features/payments/ReceiptPage'));

// Admin screens (spec/admin-panel.md §2 and spec/resident-area.md §2).
const adminRoutes: RouteObject[] = [
  { index: true, element: el(HomePage) },
  { path: 'home', element: <Navigate to="/" replace /> },
  { path: 'buildings', element: el(BuildingsListPage) },
  { path: 'buildingadd', element: el(BuildingFormPage) },
  { path: 'buildingDetail/:id', element: el(BuildingDetailPage) },
  { path: 'buildingupdate/:id', element: el(BuildingFormPage) },
  { path: 'apartmentadd/:buildingId', element: el(ApartmentCreatePage) },
  { path: 'apartment/:id', element: el(ApartmentEditPage) },
  { path: 'spendings/board', element: el(SpendingsBoardPage) },
  { path: 'spendings/board/:id/edit', element: el(SpendingFormPage) },
  { path: 'spendings/newSpending', element: el(SpendingFormPage) },
  { path: 'spendings/newSpending/:buildingId', element: el(SpendingFormPage) },
  { path: 'settlements/:buildingId/:year/:month', element: el(SettlementPage) },
  { path: 'ExpensesTable', element: el(ExpensesTablePage) },
  { path: 'alerts', element: el(AlertsListPage) },
  { path: 'alertsAdd', element: el(AlertFormPage) },
  { path: 'alertsAdd/:buildingId', element: el(AlertFormPage) },
  { path: 'alertsUpdate/:id', element: el(AlertFormPage) },
  { path: 'userDetail', element: el(UsersListPage) },
  { path: 'userCreate', element: el(UserCreatePage) },
  // Also /userUpdate/:id: paths match case-insensitively.
  { path: 'userupdate/:id', element: el(UserEditPage) },
  { path: 'userView/:id', element: el(UserViewPage) },
  { path: 'complaints', element: el(ComplaintsListPage) },
  { path: 'amenities', element: el(AmenitiesListPage) },
  { path: 'amenities/:buildingId', element: el(AmenitiesListPage) },
  { path: 'amenityCreate', element: el(AmenityFormPage) },
  { path: 'amenityUpdate/:id', element: el(AmenityFormPage) },
  { path: 'AmenitieDetail/:id/:name', element: el(AmenityDetailPage) },
  { path: 'createBookings', element: el(CreateSlotsPage) },
  { path: 'services', element: el(ServicesListPage) },
  { path: 'services/form', element: el(ServiceFormPage) },
];

// Resident area (spec/resident-area.md §2).
const residentRoutes: RouteObject[] = [
  { index: true, element: <ResidentIndexRedirect /> },
  { path: ':id', element: el(ResidentHomePage) },
  { path: ':id/Bookings', element: el(ResidentBookingsPage) },
  { path: ':id/alerts', element: el(ResidentAlertsPage) },
  { path: ':id/calendar', element: el(ResidentCalendarPage) },
  { path: ':id/subscriptions', element: el(SubscriptionsPage) },
  { path: ':id/complaints', element: el(MyComplaintsPage) },
  { path: ':id/complaintDetail/:complaintId', element: el(ComplaintDetailPage) },
  { path: 'AddComplaints/:id', element: el(AddComplaintPage) },
  { path: 'services/:buildingId', element: el(ProposeServicePage) },
  { path: 'contservices/:buildingId', element: el(ServiceCardsPage) },
  { path: 'expenses/:apartmentNumber/:apartmentName', element: el(MyExpensesPage) },
  { path: 'settlements/:buildingId/:year/:month', element: el(ResidentSettlementPage) },
  { path: 'spendings/board', element: el(ResidentSpendingsBoardPage) },
  { path: '*', element: el(NotFoundPage) },
];

export const routes: RouteObject[] = [
  {
    element: (
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    ),
    children: [
      // Checked first, as in spec/resident-area.md §2.
      { path: '/logging/restaurarcontraseña', element: el(ResetPasswordPage) },
      { path: '/logging', element: el(LandingPage) },
      { path: '/registerAdmin', element: el(RegisterAdminPage) },
      // The page an alert e-mail's unsubscribe link opens: no session needed.
      { path: '/desuscribir', element: el(UnsubscribePage) },
      { path: '/pago-simulado/:paymentId', element: el(SandboxCheckoutPage) },
      // Printable, for residents and administrators alike: no app shell.
      { path: '/comprobante/:paymentId', element: el(ReceiptPage) },
      { path: '/public', element: el(ResidentLayout), children: residentRoutes },
      { path: '/', element: el(AdminLayout), children: [...adminRoutes, { path: '*', element: el(NotFoundPage) }] },
    ],
  },
];

/**
 * The app's routes, in a <BrowserRouter>. The declarative router, not createBrowserRouter: no screen uses
 * loaders, actions or blockers, and leaving the data router out takes a third of react-router off every page.
 */
export function AppRoutes() {
  return useRoutes(routes);
}

// The page first opened starts loading its layout's and its screen's chunks together, instead of the screen's
// only once the layout has rendered (and checked the session).
for (const match of matchRoutes(routes, window.location) ?? []) {
  const element = match.route.element as ReactElement | undefined;
  void loaders.get(element?.type)?.();
}
