import { PageHeader } from '../../components/PageHeader';

export default function ServiceCardsPage() {
  return <PageHeader title="Servicios Utiles" />;
}
