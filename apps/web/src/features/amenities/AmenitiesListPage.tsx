/** Stub: replaced by the amenities work. */
export default function AmenitiesListPage() {
  return null;
}
