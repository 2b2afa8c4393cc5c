import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './auth/auth.routes.ts';
import oidcLoginRoutes from './auth/oidc.routes.ts';
import adminsRoutes from './admins/admins.routes.ts';
import buildingsRoutes from './buildings/buildings.routes.ts';
import placesRoutes from './buildings/places.routes.ts';
import apartmentsRoutes from './apartments/apartments.routes.ts';
import spendingsRoutes from './spendings/spendings.routes.ts';
import expensesRoutes from './expenses/expenses.routes.ts';
import usersRoutes from './users/users.routes.ts';
import subscriptionsRoutes from './subscriptions/subscriptions.routes.ts';
import feedRoutes from './subscriptions/feed.routes.ts';
import alertsRoutes from './alerts/alerts.routes.ts';
import complaintsRoutes from './complaints/complaints.routes.ts';
import amenitiesRoutes from './amenities/amenities.routes.ts';
import bookingsRoutes from './bookings/bookings.routes.ts';
import takeRoutes from './bookings/take.routes.ts';
import servicesRoutes from './services/services.routes.ts';
import ratingsRoutes from './services/ratings.routes.ts';
import paymentsRoutes from './payments/payments.routes.ts';

export interface ApiModule {
  prefix: string;
  plugin: FastifyPluginAsync;
}

/** Every API module and where it lives under /api. */
export const apiModules: ApiModule[] = [
  { prefix: '/loggings', plugin: authRoutes },
  { prefix: '/loggings', plugin: oidcLoginRoutes },
  { prefix: '/admin', plugin: adminsRoutes },
  { prefix: '/buildings', plugin: buildingsRoutes },
  { prefix: '', plugin: placesRoutes },
  { prefix: '/apartments', plugin: apartmentsRoutes },
  { prefix: '/spendings', plugin: spendingsRoutes },
  { prefix: '/expenses', plugin: expensesRoutes },
  { prefix: '/users', plugin: usersRoutes },
  { prefix: '/subscriptions', plugin: subscriptionsRoutes },
  { prefix: '/alerts', plugin: feedRoutes },
  { prefix: '/alerts', plugin: alertsRoutes },
  { prefix: '/complaints', plugin: complaintsRoutes },
  { prefix: '/amenities', plugin: amenitiesRoutes },
  { prefix: '/bookings', plugin: bookingsRoutes },
  { prefix: '/bookings', plugin: takeRoutes },
  { prefix: '/services', plugin: servicesRoutes },
  { prefix: '/ratings', plugin: ratingsRoutes },
  { prefix: '/payment', plugin: paymentsRoutes },
];
