import { PageHeader } from '../../components/PageHeader';

export default function ServiceFormPage() {
  return <PageHeader title="Nuevo servicio" />;
}
