/** Stub: replaced by the complaints work. */
export default function MyComplaintsPage() {
  return null;
}
