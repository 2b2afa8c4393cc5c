/** Stub: replaced by the alerts work. */
export default function ResidentCalendarPage() {
  return null;
}
