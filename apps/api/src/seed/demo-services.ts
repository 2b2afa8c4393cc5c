import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ratings, services, users } from '../db/schema.ts';
import type { DemoWorld } from './demo.ts';

const DAY_MS = 24 * 3600_000;

interface DemoService {
  title: string;
  provider: string;
  enrollment: string;
  contact: string;
  detail: string;
  daysAgo: number;
  /** A resident's proposal the administration has not accepted yet. */
  pending?: boolean;
  /** Who proposed it (a resident's e-mail); absent: the administrator published it. */
  proposedBy?: string;
  /** Resident e-mail → stars; one per resident and service. */
  ratings?: Record<string, number>;
}

const ANA = 'ana.gomez@demo.com.ar';
const BRUNO = 'bruno.diaz@demo.com.ar';
const CARLA = 'carla.perez@demo.com.ar';
const DIEGO = 'diego.luna@demo.com.ar';
const IGNACIO = 'ignacio.ramos@demo.com.ar';
const ELENA = 'elena.ruiz@demo.com.ar';
const FACUNDO = 'facundo.sosa@demo.com.ar';
const KEVIN = 'kevin.molina@demo.com.ar';
const GABRIELA = 'gabriela.ortiz@demo.com.ar';
const HERNAN = 'hernan.paz@demo.com.ar';
const LAURA = 'laura.castro@demo.com.ar';

const PLOMERIA: Omit<DemoService, 'daysAgo' | 'ratings'> = {
  title: 'Plomería Núñez',
  provider: 'Raúl Núñez',
  enrollment: '4521',
  contact: '351 456-7788',
  detail: 'Destapaciones, pérdidas de agua, termotanques y griferías. Atiende urgencias de lunes a sábado.',
};

/**
 * Per demo building, in the order of DEMO_BUILDINGS. Torre Cañada has six accepted services (two
 * pages of cards) whose averages all differ (4.7, 4.5, 3.6, 3.0, 2.5 and one without ratings), so
 * sorting by stars shows; Ana has rated four and leaves two to rate. Titles carry accents, so the
 * search that ignores them has something to find ("plomeria", "tecnico").
 */
const BY_BUILDING: DemoService[][] = [
  [
    {
      ...PLOMERIA,
      daysAgo: 120,
      ratings: { [ANA]: 5, [BRUNO]: 4, [CARLA]: 5, [DIEGO]: 4 },
    },
    {
      title: 'Cerrajería 24 h',
      provider: 'Cerrajería El Candado',
      enrollment: '',
      contact: '+54 9 351 555-0101',
      detail: 'Aperturas, cambio de combinación y cerraduras de seguridad. Las 24 horas, también feriados.',
      daysAgo: 95,
      ratings: { [ANA]: 3, [BRUNO]: 4, [IGNACIO]: 2 },
    },
    {
      title: 'Electricista matriculado',
      provider: 'Jorge Álvarez',
      enrollment: '11873',
      contact: 'electricidad.alvarez@demo.com.ar',
      detail: 'Instalaciones, tableros y disyuntores. Extiende certificado de instalación eléctrica apta.',
      daysAgo: 80,
      proposedBy: CARLA,
      ratings: { [ANA]: 5, [CARLA]: 4, [IGNACIO]: 5 },
    },
    {
      title: 'Fumigación y control de plagas',
      provider: 'Fumigaciones Córdoba',
      enrollment: '',
      contact: 'turnos@fumigacionescba.demo.com.ar',
      detail: 'Cucarachas, hormigas y roedores. Productos aprobados; no hace falta dejar el departamento.',
      daysAgo: 60,
      ratings: { [BRUNO]: 2, [DIEGO]: 3 },
    },
    {
      title: 'Técnico de ascensores',
      provider: 'Ascensores Mediterráneo',
      enrollment: '3390',
      contact: '0351 422-9090',
      detail: 'Mantenimiento mensual y guardia de emergencias del ascensor del edificio.',
      daysAgo: 45,
      ratings: { [ANA]: 4, [BRUNO]: 3, [CARLA]: 3, [DIEGO]: 4, [IGNACIO]: 4 },
    },
    {
      title: 'Jardinería y poda',
      provider: 'Verde Sierra',
      enrollment: '',
      contact: '351 600-1234',
      detail: 'Corte de pasto, poda de árboles y mantenimiento de canteros.',
      daysAgo: 12,
      proposedBy: DIEGO,
    },
    {
      title: 'Pintor de interiores',
      provider: 'Sergio Benítez',
      enrollment: '',
      contact: 'sergio.pinturas@demo.com.ar',
      detail: 'Pintó mi departamento el mes pasado: prolijo, puntual y con buen precio.',
      daysAgo: 2,
      pending: true,
      proposedBy: BRUNO,
    },
  ],
  [
    {
      ...PLOMERIA,
      daysAgo: 100,
      ratings: { [ELENA]: 4, [FACUNDO]: 3, [KEVIN]: 4 },
    },
    {
      title: 'Gasista matriculado',
      provider: 'Gas Centro',
      enrollment: '20544',
      contact: '351 477-2020',
      detail: 'Conexiones, pruebas de hermeticidad y trámites ante Ecogas.',
      daysAgo: 70,
      ratings: { [ELENA]: 5, [GABRIELA]: 5, [KEVIN]: 4 },
    },
    {
      title: 'Técnico de aire acondicionado',
      provider: 'Frío Sur',
      enrollment: '',
      contact: 'frio.sur@demo.com.ar',
      detail: 'Instalación, carga de gas y limpieza de equipos split.',
      daysAgo: 30,
      ratings: { [FACUNDO]: 2 },
    },
    {
      title: 'Vidriería y aberturas',
      provider: 'Vidriería Ñandú',
      enrollment: '',
      contact: '351 512-3344',
      detail: 'Cambiaron el vidrio de mi balcón en el día.',
      daysAgo: 1,
      pending: true,
      proposedBy: ELENA,
    },
  ],
  [
    {
      title: 'Limpieza de tanques de agua',
      provider: 'Aguas Claras',
      enrollment: '7781',
      contact: '351 633-4455',
      detail: 'Limpieza y desinfección semestral de tanques, con certificado.',
      daysAgo: 90,
      ratings: { [HERNAN]: 4, [LAURA]: 5 },
    },
    {
      title: 'Albañilería y arreglos',
      provider: 'Hugo Maldonado',
      enrollment: '',
      contact: '351 644-5566',
      detail: 'Revoques, humedad de cimientos y pequeñas reformas.',
      daysAgo: 5,
      pending: true,
      proposedBy: HERNAN,
    },
  ],
];

const EMAILS = [ANA, BRUNO, CARLA, DIEGO, IGNACIO, ELENA, FACUNDO, KEVIN, GABRIELA, HERNAN, LAURA];

/**
 * Demo data: useful services in every building, most accepted (with ratings from the building's
 * residents, one per resident and service) and one pending resident proposal per building.
 * Inserted directly, so the seed queues no e-mail.
 */
export async function seedDemoServices(db: Db, world: DemoWorld, now: Date): Promise<void> {
  const people = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, EMAILS));
  const byEmail = new Map(people.map((p) => [p.email, p.id]));

  for (const [n, list] of BY_BUILDING.entries()) {
    const building = world.buildings[n];
    if (!building) continue;
    const residents = new Set(building.apartments.map((a) => a.residentId));
    const inBuilding = (email: string | undefined) => {
      const id = email === undefined ? undefined : byEmail.get(email);
      return id !== undefined && residents.has(id) ? id : undefined;
    };
    for (const [i, s] of list.entries()) {
      // So many days before the seeding moment, a minute apart, so "newest first" is stable.
      const createdAt = new Date(now.getTime() - s.daysAgo * DAY_MS - (list.length - i) * 60_000);
      const [row] = await db
        .insert(services)
        .values({
          buildingId: building.id,
          title: s.title,
          provider: s.provider,
          enrollment: s.enrollment,
          contact: s.contact,
          detail: s.detail,
          accepted: !s.pending,
          createdBy: inBuilding(s.proposedBy) ?? world.admin.id,
          createdAt,
        })
        .returning({ id: services.id });
      const rated = Object.entries(s.ratings ?? {}).flatMap(([email, rating], k) => {
        const userId = inBuilding(email);
        // Rated over the days after it was published, never after the seeding moment.
        const at = new Date(Math.min(createdAt.getTime() + (k + 1) * 2 * DAY_MS, now.getTime()));
        return userId === undefined ? [] : [{ serviceId: row!.id, userId, rating, createdAt: at }];
      });
      if (rated.length) await db.insert(ratings).values(rated);
    }
  }
}
