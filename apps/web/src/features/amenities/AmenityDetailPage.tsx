/** Stub: replaced by the amenities work. */
export default function AmenityDetailPage() {
  return null;
}
