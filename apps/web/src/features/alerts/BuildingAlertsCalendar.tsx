import { SectionPlaceholder } from '../../components/SectionPlaceholder';

/** Building detail: the alerts calendar (filled by the alerts work). */
export function BuildingAlertsCalendar(_props: { buildingId: number; variant?: 'admin' | 'user' }) {
  return <SectionPlaceholder title="Calendario de alertas" />;
}
