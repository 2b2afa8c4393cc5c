import { PageHeader } from '../../components/PageHeader';

export default function ProposeServicePage() {
  return <PageHeader title="Proponer un servicio" />;
}
