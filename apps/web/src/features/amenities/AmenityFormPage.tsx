/** Stub: replaced by the amenities work. */
export default function AmenityFormPage() {
  return null;
}
