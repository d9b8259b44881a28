import { PageTitle } from '@/app/page-title';

/** Equipment (spec 001 §2): Equipment and Requests tabs. Built in issue 12. */
export default function EquipmentPage() {
  return <PageTitle title="Equipment" />;
}
