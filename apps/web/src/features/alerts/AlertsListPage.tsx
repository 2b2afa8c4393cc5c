/** Stub: replaced by the alerts work. */
export default function AlertsListPage() {
  return null;
}
