/** Stub: replaced by the complaints work. */
export default function ComplaintDetailPage() {
  return null;
}
