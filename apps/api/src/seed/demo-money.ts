import { monthRange, pesosToCents, prorateByArea, todayIso, yearMonthOf } from '@consorcio/domain';
import type { Db } from '../db/client.ts';
import { expenses, settlements, spendings } from '../db/schema.ts';
import type { DemoWorld } from './demo.ts';

interface Recurring {
  concept: string;
  supplier: string;
  details: string;
  /** Monthly amount in pesos for a building of about 300 m2; scaled by size and by month (inflation). */
  base: number;
  day: number;
  /** Only some months (0..11), e.g. quarterly fumigation. */
  months?: number[];
  /** Buildings with a caretaker or a lift. */
  only?: (b: DemoWorld['buildings'][number]) => boolean;
}

const RECURRING: Recurring[] = [
  {
    concept: 'Sueldo encargado',
    supplier: 'Encargado del edificio',
    details: 'Sueldo y cargas sociales (SUTERH)',
    base: 1_150_000,
    day: 5,
    only: (b) => b.apartments.length >= 5,
  },
  { concept: 'Limpieza', supplier: 'Brillo Córdoba SRL', details: 'Limpieza de espacios comunes', base: 240_000, day: 8 },
  {
    concept: 'Ascensor',
    supplier: 'Ascensores Mediterránea',
    details: 'Abono de mantenimiento mensual',
    base: 135_000,
    day: 10,
    only: (b) => b.apartments.length >= 4,
  },
  { concept: 'Luz', supplier: 'EPEC', details: 'Energía de espacios comunes', base: 78_000, day: 14 },
  { concept: 'Agua', supplier: 'Aguas Cordobesas', details: 'Servicio de agua corriente', base: 52_000, day: 16 },
  { concept: 'Seguro', supplier: 'Sancor Seguros', details: 'Seguro integral de consorcio', base: 96_000, day: 3 },
  { concept: 'Honorarios administración', supplier: 'Administración Fernández', details: 'Honorarios del mes', base: 165_000, day: 1 },
  {
    concept: 'Fumigación',
    supplier: 'Plagas Cero',
    details: 'Desinfección y control de plagas',
    base: 45_000,
    day: 20,
    months: [0, 3, 6, 9],
  },
  { concept: 'Matafuegos', supplier: 'Seguridad Total', details: 'Recarga anual de matafuegos', base: 88_000, day: 22, months: [4] },
];

const REPAIRS = [
  ['Mantenimiento', 'Plomería Gómez', 'Cambio de llave de paso en planta baja', 145_000],
  ['Mantenimiento', 'Electricidad Ruiz', 'Reparación de luces del palier', 68_000],
  ['Mantenimiento', 'Pinturas del Centro', 'Pintura de hall de entrada', 420_000],
  ['Mantenimiento', 'Portones Córdoba', 'Service del portón del garage', 92_000],
  ['Mantenimiento', 'Vidriería San Martín', 'Reposición de vidrio de la puerta principal', 110_000],
  ['Mantenimiento', 'Bombas Hidro', 'Reparación de bomba de agua', 260_000],
] as const;

/** Demo data: a year of believable Córdoba spendings per building; all but the last two months settled. */
export async function seedDemoMoney(db: Db, world: DemoWorld, now: Date = new Date()): Promise<void> {
  const today = todayIso(now);
  const { year: thisYear, month: thisMonth } = yearMonthOf(today);
  let seed = 7;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;

  for (const [bi, b] of world.buildings.entries()) {
    const area = b.apartments.reduce((s, a) => s + a.mt2, 0);
    const scale = Math.max(0.6, area / 300);
    const rows: (typeof spendings.$inferInsert)[] = [];
    const monthTotals = new Map<string, number>();
    for (let back = 11; back >= 0; back--) {
      const y = thisYear - (back > thisMonth ? 1 : 0);
      const m = (thisMonth - back + 12) % 12;
      const { upTo } = monthRange(y, m);
      const lastDay = Number(upTo.slice(8, 10));
      // Prices rise about 2.5 % a month.
      const inflation = Math.pow(1.025, 11 - back);
      const add = (concept: string, supplier: string, details: string, pesos: number, day: number) => {
        // The current month only has what has happened so far.
        if (back === 0 && day > Number(today.slice(8, 10))) return;
        const amountCents = pesosToCents(pesos);
        rows.push({
          buildingId: b.id,
          date: `${y}-${String(m + 1).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`,
          concept,
          supplier,
          details,
          amountCents,
        });
        monthTotals.set(`${y}-${m}`, (monthTotals.get(`${y}-${m}`) ?? 0) + amountCents);
      };
      for (const r of RECURRING) {
        if (r.only && !r.only(b)) continue;
        if (r.months && !r.months.includes(m)) continue;
        const pesos = Math.round(r.base * scale * inflation * (0.95 + rnd() * 0.1));
        add(r.concept, r.supplier, `${r.details}`, pesos, r.day);
      }
      if (rnd() < 0.55) {
        const [concept, supplier, details, base] = REPAIRS[Math.floor(rnd() * REPAIRS.length)]!;
        add(concept, supplier, details, Math.round(base * inflation * (0.9 + rnd() * 0.2)), 12 + Math.floor(rnd() * 14));
      }
    }
    await db.insert(spendings).values(rows);

    // Settle every month but the last two, so the demo can generate one itself.
    for (let back = 11; back >= 2; back--) {
      const y = thisYear - (back > thisMonth ? 1 : 0);
      const m = (thisMonth - back + 12) % 12;
      const totalCents = monthTotals.get(`${y}-${m}`) ?? 0;
      if (totalCents === 0) continue;
      const [s] = await db
        .insert(settlements)
        .values({ buildingId: b.id, year: y, month: m, totalCents, createdBy: world.admin.id })
        .returning({ id: settlements.id });
      const shares = prorateByArea(
        totalCents,
        b.apartments.map((a) => ({ id: a.id, mt2: a.mt2 })),
      );
      await db.insert(expenses).values(
        shares.map((sh, ai) => ({
          apartmentId: sh.id,
          buildingId: b.id,
          settlementId: s!.id,
          year: y,
          month: m,
          amountCents: sh.amountCents,
          mt2: b.apartments.find((a) => a.id === sh.id)!.mt2,
          // Older months are mostly paid; a couple of neighbours are behind.
          status: back > 3 && (ai + bi + back) % 7 !== 0 ? ('Pagada' as const) : ('Adeudada' as const),
        })),
      );
    }
  }
}
