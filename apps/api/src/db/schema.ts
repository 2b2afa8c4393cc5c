import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  type AmenityRules,
  APARTMENT_BOUNDS,
  BUILDING_BOUNDS,
  EMAIL_BOUNDS,
  EXPENSE_STATUSES,
  IMPORTANCE,
  PERSON_BOUNDS,
  ROLES,
  SPENDING_BOUNDS,
} from '@consorcio/domain';

/** The apartment columns hold the longest either form accepts (create and edit differ). */
const APARTMENT_TEXT_MAX = {
  cata: Math.max(APARTMENT_BOUNDS.create.cata[1], APARTMENT_BOUNDS.edit.cata[1]),
  number: Math.max(APARTMENT_BOUNDS.create.number[1], APARTMENT_BOUNDS.edit.number[1]),
};

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const roleEnum = pgEnum('role', ROLES);
export const importanceEnum = pgEnum('importance', IMPORTANCE);
export const expenseStatusEnum = pgEnum('expense_status', EXPENSE_STATUSES);
export const complaintStateEnum = pgEnum('complaint_state', ['opened', 'closed']);
export const bookingStatusEnum = pgEnum('booking_status', ['free', 'booked', 'cancelled']);
export const subscriptionKindEnum = pgEnum('subscription_kind', ['important', 'all']);
export const paymentStatusEnum = pgEnum('payment_status', ['pending', 'approved', 'rejected', 'cancelled', 'refunded', 'charged_back']);
export const mailStatusEnum = pgEnum('mail_status', ['pending', 'sent', 'failed']);

export const buildings = pgTable(
  'buildings',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: BUILDING_BOUNDS.name }).notNull(),
    cata: varchar('cata', { length: BUILDING_BOUNDS.cata }).notNull(),
    address: varchar('address', { length: BUILDING_BOUNDS.address }).notNull(),
    floor: integer('floor').notNull(),
    cantApartments: integer('cant_apartments').notNull(),
    image: text('image'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdBy: integer('created_by').references((): AnyPgColumn => users.id),
    createdAt: createdAt(),
    /** Deleting a building archives it: its money history stays. */
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('buildings_name_idx').on(t.name), index('buildings_image_idx').on(t.image)],
);

export const apartments = pgTable(
  'apartments',
  {
    id: serial('id').primaryKey(),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    cataApartment: varchar('cata_apartment', { length: APARTMENT_TEXT_MAX.cata }).notNull(),
    numberApartment: varchar('number_apartment', { length: APARTMENT_TEXT_MAX.number }).notNull(),
    mt2: numeric('mt2', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    state: smallint('state').notNull().default(0),
    createdAt: createdAt(),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('apartments_building_number_uq')
      .on(t.buildingId, t.numberApartment)
      .where(sql`${t.archivedAt} is null`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    // Left wider than PERSON_BOUNDS.name.max: narrowing it would be a migration that existing rows could fail.
    name: varchar('name', { length: 60 }).notNull(),
    email: varchar('email', { length: EMAIL_BOUNDS.max }).notNull(),
    passwordHash: text('password_hash').notNull(),
    contact: varchar('contact', { length: PERSON_BOUNDS.contact.max }).notNull().default(''),
    role: roleEnum('role').notNull(),
    isDeleted: boolean('is_deleted').notNull().default(false),
    firstLogging: boolean('first_logging').notNull().default(false),
    apartmentId: integer('apartment_id').references((): AnyPgColumn => apartments.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email), index('users_apartment_idx').on(t.apartmentId)],
);

/** Which administrators administer which buildings (the creator, and any added later). */
export const buildingAdmins = pgTable(
  'building_admins',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.buildingId] }), index('building_admins_building_idx').on(t.buildingId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_uq').on(t.tokenHash), index('password_reset_tokens_user_idx').on(t.userId)],
);

/** An account's link to an OpenID Connect provider's subject (Google): log in with it later. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    issuer: varchar('issuer', { length: 300 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    /** The verified e-mail the provider gave when the link was made. */
    email: varchar('email', { length: 254 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_identities_subject_uq').on(t.issuer, t.subject), index('user_identities_user_idx').on(t.userId)],
);

/**
 * An authorization request under way (sign-up or login with the provider): state, nonce and PKCE
 * verifier live here, not in memory, so any replica can take the callback. The browser that
 * started it holds a cookie whose hash is `browserHash`; a callback from another browser is refused.
 * After the callback, a sign-up flow keeps the verified claims for the form (signupTokenHash).
 */
export const oidcFlows = pgTable(
  'oidc_flows',
  {
    id: serial('id').primaryKey(),
    purpose: varchar('purpose', { length: 10 }).notNull(),
    state: varchar('state', { length: 100 }).notNull(),
    nonce: varchar('nonce', { length: 100 }).notNull(),
    codeVerifier: varchar('code_verifier', { length: 200 }).notNull(),
    browserHash: varchar('browser_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set when the callback used it: a flow (and its code) serves once. */
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    subject: varchar('subject', { length: 255 }),
    email: varchar('email', { length: 254 }),
    name: varchar('name', { length: 200 }),
    signupTokenHash: varchar('signup_token_hash', { length: 64 }),
    /** Set when POST /admin/ created the account with it. */
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('oidc_flows_state_uq').on(t.state),
    uniqueIndex('oidc_flows_signup_token_uq').on(t.signupTokenHash),
    index('oidc_flows_expires_idx').on(t.expiresAt),
  ],
);

/** One row per counted event (failed login, reset request); windows are counted in SQL. */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** A kind and what it counts, e.g. `login:pair:<address> <e-mail>`: as long as an address and an e-mail together. */
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_limit_events_key_idx').on(t.key, t.createdAt)],
);

/**
 * The client addresses each user has logged in from: a flood of failures against an e-mail
 * does not lock its owner out from these (API.md §Identity).
 */
export const loginAddresses = pgTable(
  'login_addresses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    address: text('address').notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);

export const spendings = pgTable(
  'spendings',
  {
    id: serial('id').primaryKey(),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    date: date('date', { mode: 'string' }).notNull(),
    concept: varchar('concept', { length: SPENDING_BOUNDS.concept }).notNull(),
    supplier: varchar('supplier', { length: SPENDING_BOUNDS.supplier }).notNull(),
    details: varchar('details', { length: SPENDING_BOUNDS.details }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('spendings_amount_positive', sql`${t.amountCents} > 0`),
    // amount_cents rides along so the board's count and sum are index-only scans (see README, Performance).
    index('spendings_building_date_idx').on(t.buildingId, t.date, t.id, t.amountCents),
    // The same for a concept: the board filtered by one is paged and counted from this index alone.
    index('spendings_building_concept_idx').on(t.buildingId, t.concept, t.date, t.id, t.amountCents),
  ],
);

/**
 * Count and sum of a building's spendings per month (the month's first day), kept by the triggers of
 * migration 0003 on every write to spendings: the board's count and sum over years of spendings
 * read a row per building and month instead of every spending.
 */
export const spendingMonthTotals = pgTable(
  'spending_month_totals',
  {
    buildingId: integer('building_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
    sumCents: bigint('sum_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.buildingId, t.month] })],
);

/** A settled (liquidated) month of a building; unique so a month settles once. */
export const settlements = pgTable(
  'settlements',
  {
    id: serial('id').primaryKey(),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    year: integer('year').notNull(),
    month: smallint('month').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('settlements_building_month_uq').on(t.buildingId, t.year, t.month),
    check('settlements_month_range', sql`${t.month} between 0 and 11`),
  ],
);

export const expenses = pgTable(
  'expenses',
  {
    id: serial('id').primaryKey(),
    apartmentId: integer('apartment_id')
      .notNull()
      .references(() => apartments.id),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => settlements.id),
    year: integer('year').notNull(),
    month: smallint('month').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The apartment's area when the month was settled: the statement explains the share with it. */
    mt2: numeric('mt2', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    status: expenseStatusEnum('status').notNull().default('Adeudada'),
    createdAt: createdAt(),
  },
  (t) => [
    check('expenses_month_range', sql`${t.month} between 0 and 11`),
    check('expenses_amount_non_negative', sql`${t.amountCents} >= 0`),
    uniqueIndex('expenses_apartment_month_uq').on(t.apartmentId, t.year, t.month),
    index('expenses_building_idx').on(t.buildingId, t.year, t.month),
    index('expenses_settlement_idx').on(t.settlementId),
  ],
);

/**
 * A payment of an expense: a checkout with a provider (mercadopago, sandbox) or one recorded by an
 * administrator (manual). An expense is Pagada while an approved payment covers it; the partial
 * unique indexes make a second approved payment, or a second open checkout, impossible.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    expenseId: integer('expense_id')
      .notNull()
      .references(() => expenses.id),
    /** The resident who started the checkout (online payments). */
    userId: integer('user_id').references(() => users.id),
    provider: varchar('provider', { length: 30 }).notNull(),
    /** The provider's checkout (MercadoPago: the preference id). */
    providerRef: varchar('provider_ref', { length: 200 }),
    /** The provider's payment id, once the payer paid (or tried to). */
    providerPaymentId: varchar('provider_payment_id', { length: 200 }),
    status: paymentStatusEnum('status').notNull().default('pending'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    url: text('url'),
    /** Manual payments: the administrator who recorded it. */
    recordedBy: integer('recorded_by').references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    /** When the re-check job last asked the provider about this pending checkout. */
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_expense_idx').on(t.expenseId, t.createdAt),
    index('payments_building_idx').on(t.buildingId, t.createdAt),
    uniqueIndex('payments_one_approved_uq')
      .on(t.expenseId)
      .where(sql`${t.status} = 'approved'`),
    uniqueIndex('payments_one_pending_uq')
      .on(t.expenseId)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('payments_provider_payment_uq').on(t.provider, t.providerPaymentId),
    index('payments_pending_check_idx')
      .on(t.checkedAt)
      .where(sql`${t.status} = 'pending'`),
    check('payments_amount_non_negative', sql`${t.amountCents} >= 0`),
  ],
);

/** Every change of a payment's status: who or what changed it, and when. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    status: paymentStatusEnum('status').notNull(),
    /** checkout, webhook, sandbox, recheck, manual */
    source: varchar('source', { length: 20 }).notNull(),
    actorId: integer('actor_id').references(() => users.id),
    providerPaymentId: varchar('provider_payment_id', { length: 200 }),
    createdAt: createdAt(),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId, t.id)],
);

/**
 * The built-in sandbox provider's own books: the payments it "took". It plays MercadoPago's part,
 * so our side reads them back through the provider interface, as it reads MercadoPago's.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: serial('id').primaryKey(),
    checkoutId: varchar('checkout_id', { length: 200 }).notNull(),
    externalReference: varchar('external_reference', { length: 200 }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('ARS'),
    status: varchar('status', { length: 20 }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  // The sandbox takes one decision per checkout: a second Aprobar, even concurrent, is refused here.
  (t) => [uniqueIndex('sandbox_payments_checkout_uq').on(t.checkoutId), index('sandbox_payments_reference_idx').on(t.externalReference)],
);

export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    date: date('date', { mode: 'string' }).notNull(),
    concept: varchar('concept', { length: 100 }).notNull(),
    details: varchar('details', { length: 1000 }).notNull().default(''),
    importance: importanceEnum('importance').notNull(),
    createdAt: createdAt(),
  },
  // With the id, a deep page of a building's alerts is found from the index alone.
  (t) => [index('alerts_building_date_idx').on(t.buildingId, t.date, t.id)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    alerts: subscriptionKindEnum('alerts').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('subscriptions_user_uq').on(t.userId)],
);

/** Each resident's private iCalendar feed: whoever holds the token reads the building's alerts. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    token: varchar('token', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_uq').on(t.token)],
);

/** Keys the server signs with (one-click unsubscribe links), shared by every replica. */
export const signingKeys = pgTable('signing_keys', {
  name: varchar('name', { length: 50 }).primaryKey(),
  key: varchar('key', { length: 100 }).notNull(),
  createdAt: createdAt(),
});

export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    apartmentId: integer('apartment_id').references(() => apartments.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    date: date('date', { mode: 'string' }).notNull(),
    subject: varchar('subject', { length: 100 }).notNull(),
    details: varchar('details', { length: 2000 }).notNull(),
    importance: importanceEnum('importance').notNull(),
    state: complaintStateEnum('state').notNull().default('opened'),
    seen: boolean('seen').notNull().default(false),
    image: text('image'),
    createdAt: createdAt(),
  },
  (t) => [
    index('complaints_building_created_idx').on(t.buildingId, t.createdAt),
    index('complaints_user_idx').on(t.userId, t.createdAt),
    // The file rule: who may read /api/files/complaints/… is found by the image's URL.
    index('complaints_image_idx').on(t.image),
    // The bell: a building's unseen complaints, newest first.
    index('complaints_unseen_idx')
      .on(t.buildingId, t.createdAt)
      .where(sql`${t.seen} = false`),
  ],
);

/** The conversation of a complaint: its author and the building's administrators, oldest first. */
export const complaintReplies = pgTable(
  'complaint_replies',
  {
    id: serial('id').primaryKey(),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    text: varchar('text', { length: 1000 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('complaint_replies_complaint_idx').on(t.complaintId, t.id)],
);

export const amenities = pgTable(
  'amenities',
  {
    id: serial('id').primaryKey(),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    amenityType: varchar('amenity_type', { length: 20 }).notNull(),
    quantity: integer('quantity').notNull().default(1),
    capacity: integer('capacity').notNull().default(1),
    amenityDetail: varchar('amenity_detail', { length: 200 }).notNull().default(''),
    /** Booking rules (API.md), each optional; see AmenityRules in the domain package. */
    rules: jsonb('rules')
      .$type<AmenityRules>()
      .notNull()
      .default(
        sql`'{"maxPerWeek":null,"maxPerMonth":null,"advanceDays":null,"minNoticeHours":null,"cancelHours":null,"blockDebtors":false}'::jsonb`,
      ),
    createdAt: createdAt(),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('amenities_building_idx').on(t.buildingId)],
);

/** One bookable seat of a time window; an amenity with capacity N has N rows per window. */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    amenityId: integer('amenity_id')
      .notNull()
      .references(() => amenities.id),
    start: timestamp('start', { withTimezone: false, mode: 'string' }).notNull(),
    finish: timestamp('finish', { withTimezone: false, mode: 'string' }).notNull(),
    seat: smallint('seat').notNull().default(1),
    status: bookingStatusEnum('status').notNull().default('free'),
    userId: integer('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bookings_amenity_start_seat_uq').on(t.amenityId, t.start, t.seat),
    uniqueIndex('bookings_one_per_user_window_uq')
      .on(t.amenityId, t.start, t.userId)
      .where(sql`${t.status} = 'booked'`),
    index('bookings_user_idx').on(t.userId),
    // A resident's bookings, sorted and paged from the index alone.
    index('bookings_user_booked_idx')
      .on(t.userId, t.start, t.id, t.amenityId)
      .where(sql`${t.status} = 'booked'`),
  ],
);

export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    title: varchar('title', { length: 100 }).notNull(),
    provider: varchar('provider', { length: 100 }).notNull(),
    enrollment: varchar('enrollment', { length: 30 }),
    contact: varchar('contact', { length: 254 }).notNull(),
    detail: varchar('detail', { length: 1000 }).notNull().default(''),
    accepted: boolean('accepted').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('services_building_idx').on(t.buildingId, t.accepted),
    // A resident's proposals of the day: the daily limit's count.
    index('services_created_by_idx').on(t.createdBy, t.createdAt),
  ],
);

export const ratings = pgTable(
  'ratings',
  {
    id: serial('id').primaryKey(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    rating: smallint('rating').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ratings_service_user_uq').on(t.serviceId, t.userId),
    check('ratings_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/** Durable e-mail queue: written in the same transaction as the change that causes it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: varchar('to', { length: EMAIL_BOUNDS.max }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: mailStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    /** Set by the worker that claimed the message; only that worker may record the outcome. */
    claimToken: uuid('claim_token'),
    /** After this a message is not worth sending any more (a reset link that has expired); null: never. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    /** Extra headers (List-Unsubscribe for alert notices); null: none. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);
