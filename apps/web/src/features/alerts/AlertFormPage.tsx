/** Stub: replaced by the alerts work. */
export default function AlertFormPage() {
  return null;
}
