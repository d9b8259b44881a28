import { PageTitle } from '@/app/page-title';

/** Prompter (spec 001 §2): list, 700 px panel, dialogs. */
export default function PrompterPage() {
  return <PageTitle title="Prompter System" />;
}
