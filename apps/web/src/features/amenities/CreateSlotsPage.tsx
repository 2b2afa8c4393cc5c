/** Stub: replaced by the amenities work. */
export default function CreateSlotsPage() {
  return null;
}
