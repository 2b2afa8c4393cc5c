/** Stub: replaced by the complaints work. */
export default function AddComplaintPage() {
  return null;
}
