/** Mobile field interface (spec 001 §2). Built in issue 12. */
export default function MobileFieldPage() {
  return <div>Mobile field</div>;
}
