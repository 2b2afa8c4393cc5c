/** Stub: replaced by the alerts work. */
export default function UnsubscribePage() {
  return null;
}
