import type { FastifyInstance } from 'fastify';
import {
  centsToPesos,
  monthKey,
  monthNameEs,
  PAYMENT_MSG,
  paymentReturnPath,
  type Checkout,
  type ExpensePayment,
  type ListResult,
  type Payment,
  type PaymentProvider as ProviderName,
  type PaymentStatus,
  type Receipt,
  type SandboxCheckout,
} from '@consorcio/domain';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { AdminPrincipal, Principal, ResidentPrincipal } from '../../plugins/auth.ts';
import {
  approvedPaymentOf,
  findExpense,
  findPaymentRow,
  findReceipt,
  insertEvent,
  insertPayment,
  listExpensePayments,
  lockPayment,
  pendingPaymentOf,
  pendingToRecheck,
  syncExpenseStatus,
  updatePayment,
  type ExpenseWithPlace,
  type PaymentRow,
  type PaymentState,
  type PaymentView,
} from './payments.repository.ts';
import { paymentProvider } from './providers/index.ts';
import { externalReference, parseExternalReference, ProviderUnavailableError, type ProviderPayment } from './providers/provider.ts';
import { SandboxProvider } from './providers/sandbox.ts';

/** A checkout takes payments this long; the preference expires then. */
export const CHECKOUT_TTL_MS = 24 * 60 * 60_000;
/** A checkout whose provider call is still under way (no url yet) is not replaced for this long. */
const CHECKOUT_CREATING_MS = 60_000;
/** The re-check job asks about each pending checkout at most this often. */
export const RECHECK_EVERY_MS = 2 * 60_000;
const RECHECK_BATCH = 50;

export function presentPayment(v: PaymentView): Payment {
  return {
    id: v.id,
    expenseId: v.expenseId,
    provider: v.provider as ProviderName,
    providerPaymentId: v.providerPaymentId,
    status: v.status,
    amount: centsToPesos(v.amountCents),
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
    recordedBy: v.recordedById !== null ? { id: v.recordedById, name: v.recordedByName ?? '' } : null,
  };
}

export function presentExpensePayment(state: PaymentState | undefined): { payment: ExpensePayment | null; paymentInProcess: boolean } {
  const a = state?.approved;
  return {
    payment: a
      ? {
          paymentId: a.id,
          provider: a.provider as ProviderName,
          recordedBy: a.recordedById !== null ? { id: a.recordedById, name: a.recordedByName ?? '' } : null,
          paidAt: (a.approvedAt ?? a.updatedAt).toISOString(),
        }
      : null,
    paymentInProcess: !a && !!state?.inProcess,
  };
}

function returnUrl(app: FastifyInstance, e: { numberApartment: string; buildingName: string; id: number }, paymentId: number): string {
  return app.config.publicUrl + paymentReturnPath(e.numberApartment, e.buildingName, e.id, paymentId);
}

/**
 * Pagar: a checkout with the provider for the expense's amount, read here (never from the browser).
 * An open checkout nobody paid yet is reused, so pressing Pagar twice opens the same one.
 */
export async function startCheckout(app: FastifyInstance, p: ResidentPrincipal, expenseId: number): Promise<Checkout> {
  const provider = paymentProvider(app);
  const now = app.services.clock();
  const prepared = await app.db.transaction(async (tx): Promise<{ reuse: Checkout } | { row: PaymentRow; expense: ExpenseWithPlace }> => {
    const e = await findExpense(tx, p, expenseId, true);
    if (!e) throw notFound();
    if (e.status === 'Pagada') throw conflict(PAYMENT_MSG.alreadyPaid);
    if (e.amountCents <= 0) throw new AppError('UNPROCESSABLE', PAYMENT_MSG.nothingToPay);
    const open = await pendingPaymentOf(tx, e.id);
    if (open) {
      if (open.providerPaymentId) throw conflict(PAYMENT_MSG.alreadyInProcess);
      const age = now.getTime() - open.createdAt.getTime();
      if (open.url && open.provider === provider.name && age < CHECKOUT_TTL_MS - CHECKOUT_CREATING_MS) {
        return { reuse: { paymentId: open.id, url: open.url } };
      }
      if (!open.url && age < CHECKOUT_CREATING_MS) throw conflict(PAYMENT_MSG.checkoutBeingCreated);
      // Expired, or left by another provider's configuration: closed, and a new one opened.
      await setStatus(tx, open, 'cancelled', 'checkout', now, { actorId: p.id });
    }
    const row = await insertPayment(tx, {
      buildingId: e.buildingId,
      expenseId: e.id,
      userId: p.id,
      provider: provider.name,
      status: 'pending',
      amountCents: e.amountCents,
      createdAt: now,
      updatedAt: now,
    });
    await insertEvent(tx, { paymentId: row.id, status: 'pending', source: 'checkout', actorId: p.id, at: now });
    return { row, expense: e };
  });
  if ('reuse' in prepared) return prepared.reuse;
  const { row, expense: e } = prepared;
  try {
    const checkout = await provider.createCheckout({
      paymentId: row.id,
      expenseId: e.id,
      title: `Expensas ${monthNameEs(e.month)} ${e.year} · Depto ${e.numberApartment} · ${e.buildingName}`,
      amountCents: e.amountCents,
      externalReference: externalReference(e.id, row.id),
      payerEmail: p.email,
      returnUrl: returnUrl(app, e, row.id),
      notificationUrl: `${app.config.publicUrl}/api/payment/webhook`,
      expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS),
    });
    await updatePayment(app.db, row.id, { providerRef: checkout.checkoutId, url: checkout.url, updatedAt: app.services.clock() });
    return { paymentId: row.id, url: checkout.url };
  } catch (err) {
    // No checkout exists: the pending row goes, so Pagar can be pressed again at once.
    await app.db.transaction(async (tx) => {
      const locked = await lockPayment(tx, row.id);
      if (locked?.status === 'pending') await setStatus(tx, locked, 'cancelled', 'checkout', app.services.clock());
    });
    app.log.error({ err, paymentId: row.id }, 'payment provider refused or did not answer the checkout');
    throw new AppError('UNAVAILABLE', PAYMENT_MSG.providerDown);
  }
}

async function setStatus(
  tx: DbOrTx,
  row: PaymentRow,
  status: PaymentStatus,
  source: string,
  now: Date,
  extra: { actorId?: number | null; providerPaymentId?: string | null } = {},
): Promise<void> {
  const providerPaymentId = extra.providerPaymentId === undefined ? row.providerPaymentId : extra.providerPaymentId;
  await updatePayment(tx, row.id, {
    status,
    providerPaymentId,
    updatedAt: now,
    ...(status === 'approved' ? { approvedAt: now } : {}),
  });
  await insertEvent(tx, { paymentId: row.id, status, source, actorId: extra.actorId ?? null, providerPaymentId, at: now });
  await syncExpenseStatus(tx, row.expenseId);
}

export type ApplyOutcome = 'recorded' | 'unchanged' | 'refused' | 'unknown';

/**
 * The one path every provider payment takes, whatever brought it (a notification, the sandbox's
 * Aprobar, the re-check job): ask the provider, check amount, currency and reference against the
 * expense, then record the change under the expense's row lock. The same payment any number of
 * times, even at once, changes things once.
 */
export async function applyProviderPayment(
  app: FastifyInstance,
  providerPaymentId: string,
  source: 'webhook' | 'sandbox' | 'recheck',
  known?: ProviderPayment,
): Promise<ApplyOutcome> {
  const provider = paymentProvider(app);
  const pp = known ?? (await provider.getPayment(providerPaymentId));
  if (!pp) {
    app.log.warn({ provider: provider.name, providerPaymentId, source }, 'payment refused: the provider does not know it');
    return 'unknown';
  }
  const ref = parseExternalReference(pp.externalReference);
  const refuse = (reason: string, more: Record<string, unknown> = {}): ApplyOutcome => {
    app.log.warn(
      { provider: provider.name, providerPaymentId: pp.id, externalReference: pp.externalReference, source, ...more },
      `payment refused: ${reason}`,
    );
    return 'refused';
  };
  if (!ref) return refuse('unknown external_reference');
  if (pp.currency !== 'ARS') return refuse('currency is not ARS', { currency: pp.currency });

  return app.db.transaction(async (tx) => {
    const expense = await findExpense(tx, null, ref.expenseId, true);
    const row = expense ? await lockPayment(tx, ref.paymentId) : undefined;
    if (!expense || !row || row.expenseId !== expense.id || row.provider !== provider.name) {
      return refuse('external_reference does not match any checkout of ours');
    }
    if (pp.amountCents !== row.amountCents || pp.amountCents !== expense.amountCents) {
      return refuse('amount does not match the expense', { amountCents: pp.amountCents, expected: expense.amountCents });
    }
    if (row.status === pp.status && row.providerPaymentId === pp.id) return 'unchanged';
    const now = app.services.clock();
    if (row.providerPaymentId && row.providerPaymentId !== pp.id) {
      // Another attempt within the same checkout. Only a success replaces what the checkout has,
      // and never an approved one: that would be a second payment of the same expense.
      if (pp.status !== 'approved') return 'unchanged';
      if (row.status === 'approved') {
        app.log.error(
          { paymentId: row.id, providerPaymentId: pp.id },
          'second approved payment for one checkout: refund it with the provider',
        );
        return 'refused';
      }
    }
    if (pp.status === 'approved') {
      const other = await approvedPaymentOf(tx, expense.id);
      if (other && other.id !== row.id) {
        app.log.error(
          { paymentId: row.id, providerPaymentId: pp.id, coveredBy: other.id },
          'payment approved for an expense another payment already covers: refund it with the provider',
        );
        return 'refused';
      }
      if (row.status !== 'pending') {
        // A checkout closed on our side (expired, replaced) that the payer still paid: take it, the money is in.
        const open = await pendingPaymentOf(tx, expense.id);
        if (open && open.id !== row.id) await setStatus(tx, open, 'cancelled', source, now);
      }
    } else if (pp.status === 'pending' && row.status !== 'pending') {
      // A late "in process" for a checkout already settled or closed: the final word came first.
      return 'unchanged';
    }
    try {
      await setStatus(tx, row, pp.status, source, now, { providerPaymentId: pp.id });
    } catch (err) {
      if (isUniqueViolation(err)) return 'unchanged';
      throw err;
    }
    app.log.info({ paymentId: row.id, expenseId: expense.id, status: pp.status, source }, 'payment recorded');
    return 'recorded';
  });
}

/** A MercadoPago notification already verified: which payment, looked up with the provider. */
export async function handleNotification(app: FastifyInstance, providerPaymentId: string): Promise<ApplyOutcome> {
  return applyProviderPayment(app, providerPaymentId, 'webhook');
}

export async function listPaymentsOfExpense(
  db: DbOrTx,
  p: Principal,
  expenseId: number,
  page: number,
  pageSize: number,
): Promise<ListResult<Payment>> {
  if (!(await findExpense(db, p, expenseId))) throw notFound();
  const r = await listExpensePayments(db, expenseId, page, pageSize);
  return { items: r.items.map(presentPayment), total: r.total };
}

export async function getReceipt(db: DbOrTx, p: Principal, paymentId: number): Promise<Receipt> {
  const r = await findReceipt(db, p, paymentId);
  if (!r) throw notFound();
  if (r.paymentStatus !== 'approved') throw conflict(PAYMENT_MSG.notApproved);
  return {
    paymentId: r.paymentId,
    number: `${String(r.buildingId).padStart(4, '0')}-${String(r.paymentId).padStart(8, '0')}`,
    expenseId: r.id,
    building: { id: r.buildingId, name: r.buildingName, address: r.buildingAddress, cata: r.buildingCata },
    apartment: { id: r.apartmentId, number_apartment: r.numberApartment, cata_apartment: r.cataApartment },
    month: monthKey(r.month),
    year: r.year,
    amount: centsToPesos(r.paymentAmountCents),
    paidAt: (r.approvedAt ?? r.updatedAt).toISOString(),
    provider: r.provider as ProviderName,
    providerPaymentId: r.providerPaymentId,
    payer: r.provider !== 'manual' && r.payerId !== null ? { id: r.payerId, name: r.payerName ?? '' } : null,
    recordedBy: r.recordedById !== null ? { id: r.recordedById, name: r.recordedByName ?? '' } : null,
  };
}

function sandboxOf(app: FastifyInstance): SandboxProvider {
  const provider = paymentProvider(app);
  if (!(provider instanceof SandboxProvider)) throw notFound(PAYMENT_MSG.sandboxOnly);
  return provider;
}

/** The sandbox checkout page: a resident's own open checkout. */
export async function getSandboxCheckout(app: FastifyInstance, p: ResidentPrincipal, paymentId: number): Promise<SandboxCheckout> {
  sandboxOf(app);
  const row = await findPaymentRow(app.db, paymentId);
  const e = row && row.provider === 'sandbox' ? await findExpense(app.db, p, row.expenseId) : undefined;
  if (!row || !e) throw notFound();
  return {
    paymentId: row.id,
    expenseId: e.id,
    status: row.status,
    amount: centsToPesos(row.amountCents),
    month: monthKey(e.month),
    year: e.year,
    building: { id: e.buildingId, name: e.buildingName },
    apartment: { id: e.apartmentId, number_apartment: e.numberApartment },
    // The sandbox page is ours: back to the same address it was opened on.
    returnUrl: paymentReturnPath(e.numberApartment, e.buildingName, e.id, row.id),
  };
}

/**
 * Aprobar / Rechazar on the sandbox page: the sandbox takes (or refuses) the payment in its own
 * books, then our side records it through applyProviderPayment, as after a notification.
 */
export async function decideSandbox(
  app: FastifyInstance,
  p: ResidentPrincipal,
  paymentId: number,
  decision: 'approve' | 'reject',
): Promise<SandboxCheckout> {
  const sandbox = sandboxOf(app);
  const before = await getSandboxCheckout(app, p, paymentId);
  const row = (await findPaymentRow(app.db, paymentId))!;
  if (row.status !== 'pending' || row.providerPaymentId || !row.providerRef) throw conflict(PAYMENT_MSG.alreadyDecided);
  const taken = await sandbox.take(
    { checkoutId: row.providerRef, externalReference: externalReference(row.expenseId, row.id), amountCents: row.amountCents },
    decision === 'approve' ? 'approved' : 'rejected',
  );
  if (!taken) throw conflict(PAYMENT_MSG.alreadyDecided);
  await applyProviderPayment(app, taken, 'sandbox');
  return getSandboxCheckout(app, p, before.paymentId);
}

/**
 * The re-check job: asks the provider about pending checkouts, so a lost notification never leaves
 * a paid expense Adeudada. A checkout nobody paid is closed once it has expired.
 */
export async function recheckPendingPayments(
  app: FastifyInstance,
  opts: { now?: Date } = {},
): Promise<{ checked: number; recorded: number }> {
  const provider = paymentProvider(app);
  const now = opts.now ?? app.services.clock();
  const rows = await pendingToRecheck(app.db, provider.name, new Date(now.getTime() - RECHECK_EVERY_MS), RECHECK_BATCH);
  let recorded = 0;
  for (const row of rows) {
    try {
      const found = row.providerPaymentId
        ? [await provider.getPayment(row.providerPaymentId)].filter((x): x is ProviderPayment => !!x)
        : await provider.findPayments(externalReference(row.expenseId, row.id));
      // A success first: within one checkout it is the one that counts.
      found.sort((a, b) => Number(b.status === 'approved') - Number(a.status === 'approved'));
      let changed = false;
      for (const pp of found) {
        if ((await applyProviderPayment(app, pp.id, 'recheck', pp)) === 'recorded') changed = true;
      }
      if (changed) recorded++;
      else if (found.length === 0 && now.getTime() - row.createdAt.getTime() > CHECKOUT_TTL_MS + RECHECK_EVERY_MS) {
        await app.db.transaction(async (tx) => {
          await findExpense(tx, null, row.expenseId, true);
          const locked = await lockPayment(tx, row.id);
          if (locked?.status === 'pending' && !locked.providerPaymentId) await setStatus(tx, locked, 'cancelled', 'recheck', now);
        });
      }
      await updatePayment(app.db, row.id, { checkedAt: now });
    } catch (err) {
      if (!(err instanceof ProviderUnavailableError)) throw err;
      app.log.warn({ err, paymentId: row.id }, 'payment provider unavailable; the pending checkout is re-checked later');
      return { checked: rows.indexOf(row), recorded };
    }
  }
  return { checked: rows.length, recorded };
}

/**
 * The administrator's status toggle: Adeudada → a `manual` approved payment recorded by them;
 * Pagada by a manual payment → that payment voided. An online payment is the provider's to undo.
 */
export async function toggleManualPayment(app: FastifyInstance, p: AdminPrincipal, expenseId: number): Promise<void> {
  const now = app.services.clock();
  await app.db.transaction(async (tx) => {
    const e = await findExpense(tx, p, expenseId, true);
    if (!e) throw notFound();
    const approved = await approvedPaymentOf(tx, e.id);
    if (approved) {
      if (approved.provider !== 'manual') throw conflict(PAYMENT_MSG.onlinePaymentToggle);
      await setStatus(tx, approved, 'cancelled', 'manual', now, { actorId: p.id });
      return;
    }
    // Paid at the office: a checkout still open is closed, so the resident cannot pay twice.
    const open = await pendingPaymentOf(tx, e.id);
    if (open) {
      if (open.providerPaymentId) throw conflict(PAYMENT_MSG.inProcessToggle);
      await setStatus(tx, open, 'cancelled', 'manual', now, { actorId: p.id });
    }
    const row = await insertPayment(tx, {
      buildingId: e.buildingId,
      expenseId: e.id,
      provider: 'manual',
      status: 'pending',
      amountCents: e.amountCents,
      recordedBy: p.id,
      createdAt: now,
      updatedAt: now,
    });
    await setStatus(tx, row, 'approved', 'manual', now, { actorId: p.id });
  });
}
