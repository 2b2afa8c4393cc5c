import { inArray } from 'drizzle-orm';
import { monthRange, todayIso, yearMonthOf, type Importance, type SubscriptionKind } from '@consorcio/domain';
import type { Db } from '../db/client.ts';
import { alerts, subscriptions, users } from '../db/schema.ts';
import type { DemoWorld } from './demo.ts';

type Template = [concept: string, details: string, importance: Importance];

/** What a Córdoba building's administration announces, with a mix of importances. */
const TEMPLATES: Template[] = [
  ['Corte de agua', 'Aguas Cordobesas cortará el suministro de 9 a 14 h por obras en la red. Recomendamos reservar agua.', 'alta'],
  [
    'Fumigación',
    'Desinfección y control de plagas en cocheras, sótano y espacios comunes de 8 a 12 h. Mantenga las mascotas adentro.',
    'media',
  ],
  ['Recolección de residuos', 'Cambia el horario: saque la basura de 20 a 21 h, en bolsas cerradas.', 'baja'],
  [
    'Asamblea ordinaria',
    'Asamblea ordinaria anual a las 19 h en el SUM. Orden del día: aprobación de cuentas y elección de la administración.',
    'alta',
  ],
  ['Mantenimiento de ascensor', 'El ascensor estará fuera de servicio de 10 a 13 h por el mantenimiento mensual.', 'media'],
  ['Vencimiento de expensas', 'Recordamos que las expensas del mes vencen el día 10. Puede pagarlas desde "Mis expensas".', 'baja'],
  ['Limpieza de tanque', 'Limpieza y desinfección del tanque de agua: habrá cortes intermitentes de 8 a 16 h.', 'alta'],
  ['Limpieza de vidrios', 'Limpieza de vidrios exteriores con silleta: mantenga cerradas las ventanas de 9 a 17 h.', 'media'],
  ['Pintura del hall', 'Se pinta el hall de entrada durante la semana: evite apoyarse en las paredes.', 'baja'],
  ['Corte de luz programado', 'EPEC trabajará en la red de 14 a 17 h. Los portones de la cochera se abrirán a mano.', 'alta'],
  ['Control de matafuegos', 'Recarga anual: los matafuegos de cada piso se retiran por 48 h.', 'media'],
  [
    'Reunión del consejo',
    'Reunión del consejo de propietarios a las 20 h en el SUM. Puede acercar sus propuestas a la administración.',
    'baja',
  ],
  [
    'Revisión de gas',
    'Inspección de la instalación de gas por un gasista matriculado: se necesita acceso a cada unidad de 9 a 13 h.',
    'alta',
  ],
  ['Desinfección de cocheras', 'Lavado y desinfección de las cocheras de 7 a 11 h: retire los vehículos la noche anterior.', 'media'],
];

/** Days of the month that get an alert: this month, next month, and each earlier month of the year. */
const THIS_MONTH_DAYS = [4, 11, 19, 27];
const NEXT_MONTH_DAYS = [3, 9, 16, 24];
const EARLIER_MONTH_DAYS = [8, 21];

const SUBSCRIBED: Record<string, SubscriptionKind> = {
  'ana.gomez@demo.com.ar': 'all',
  'bruno.diaz@demo.com.ar': 'important',
};

function dayOf(year: number, month: number, day: number): string {
  const { upTo } = monthRange(year, month);
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(Math.min(day, Number(upTo.slice(8, 10)))).padStart(2, '0')}`;
}

/**
 * Demo data: alerts in every building this month and next (the calendar), and in the earlier
 * months of this year (the residents' news carousel), dated from the seeding day in Argentina;
 * two residents subscribed. Inserted directly, so the seed queues no e-mail.
 */
export async function seedDemoAlerts(db: Db, world: DemoWorld, now: Date = new Date()): Promise<void> {
  const { year, month } = yearMonthOf(todayIso(now));
  const next = month === 11 ? { year: year + 1, month: 0 } : { year, month: month + 1 };
  const dates = [
    ...Array.from({ length: month }, (_, m) => EARLIER_MONTH_DAYS.map((d) => dayOf(year, m, d))).flat(),
    ...THIS_MONTH_DAYS.map((d) => dayOf(year, month, d)),
    ...NEXT_MONTH_DAYS.map((d) => dayOf(next.year, next.month, d)),
  ];
  const rows: (typeof alerts.$inferInsert)[] = [];
  for (const [bi, b] of world.buildings.entries()) {
    for (const [i, date] of dates.entries()) {
      const [concept, details, importance] = TEMPLATES[(i + bi * 5) % TEMPLATES.length]!;
      rows.push({ buildingId: b.id, date, concept, details, importance });
    }
  }
  await db.insert(alerts).values(rows);

  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, Object.keys(SUBSCRIBED)));
  if (people.length) await db.insert(subscriptions).values(people.map((p) => ({ userId: p.id, alerts: SUBSCRIBED[p.email]! })));
}
