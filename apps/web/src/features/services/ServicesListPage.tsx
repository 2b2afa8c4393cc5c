import { PageHeader } from '../../components/PageHeader';

export default function ServicesListPage() {
  return <PageHeader title="Servicios Utiles" />;
}
