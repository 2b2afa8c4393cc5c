/** Stub: replaced by the alerts work. */
export default function ResidentHomePage() {
  return null;
}
