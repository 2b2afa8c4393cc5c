/** Stub: replaced by the alerts work. */
export default function SubscriptionsPage() {
  return null;
}
