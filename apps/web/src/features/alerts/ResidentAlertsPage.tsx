/** Stub: replaced by the alerts work. */
export default function ResidentAlertsPage() {
  return null;
}
