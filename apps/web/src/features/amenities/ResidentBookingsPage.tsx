/** Stub: replaced by the amenities work. */
export default function ResidentBookingsPage() {
  return null;
}
