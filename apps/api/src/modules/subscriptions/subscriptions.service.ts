import { MSG, SUBSCRIPTION_MSG, type ListQuery, type Subscription, type SubscriptionKind } from '@consorcio/domain';
import type { Db } from '../../db/client.ts';
import { conflict, notFound, validation } from '../../lib/errors.ts';
import type { LinkSigner } from '../../lib/signing.ts';
import { assertBuildingVisible } from '../../lib/tenancy.ts';
import type { AdminPrincipal, Principal, ResidentPrincipal } from '../../plugins/auth.ts';
import {
  deleteOwnSubscription,
  deleteSubscriptionOfUser,
  findVisibleSubscription,
  insertSubscription,
  listBuildingSubscriptions,
  updateOwnSubscription,
} from './subscriptions.repository.ts';
import { userIdFromUnsubscribeToken } from './unsubscribe-links.ts';

/** A user's subscription: themself, or an administrator of their building; else (or none) 404. */
export async function getSubscription(db: Db, p: Principal, userId: number): Promise<Subscription> {
  const row = await findVisibleSubscription(db, p, userId);
  if (!row) throw notFound();
  return row;
}

export async function getBuildingSubscriptions(db: Db, p: AdminPrincipal, buildingId: number, q: ListQuery) {
  await assertBuildingVisible(db, p, buildingId);
  return listBuildingSubscriptions(db, p, buildingId, q.page, q.pageSize);
}

/** Subscribes the caller; a second subscription is a conflict (change or delete the first). */
export async function subscribe(db: Db, p: ResidentPrincipal, alerts: SubscriptionKind): Promise<Subscription> {
  const row = await insertSubscription(db, p.id, alerts);
  if (!row) throw conflict(SUBSCRIPTION_MSG.exists);
  return row;
}

export async function changeSubscription(db: Db, p: ResidentPrincipal, id: number, alerts: SubscriptionKind): Promise<Subscription> {
  const row = await updateOwnSubscription(db, p.id, id, alerts);
  if (!row) throw notFound();
  return row;
}

export async function unsubscribe(db: Db, p: ResidentPrincipal, id: number): Promise<void> {
  if (!(await deleteOwnSubscription(db, p.id, id))) throw notFound();
}

/**
 * The e-mail's one-click unsubscribe: the signed token names the user, no session is needed.
 * Unsubscribing twice, or without a subscription, is fine (RFC 8058 clients may retry).
 */
export async function unsubscribeByToken(db: Db, signer: LinkSigner, token: string | undefined): Promise<void> {
  const userId = token ? userIdFromUnsubscribeToken(signer, token) : null;
  if (userId === null) throw validation(MSG.tokenInvalid, { token: MSG.tokenInvalid });
  await deleteSubscriptionOfUser(db, userId);
}
