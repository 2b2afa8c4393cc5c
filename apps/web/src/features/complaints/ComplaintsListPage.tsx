/** Stub: replaced by the complaints work. */
export default function ComplaintsListPage() {
  return null;
}
