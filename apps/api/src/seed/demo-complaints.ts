import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { todayIso, type ComplaintState, type Importance } from '@consorcio/domain';
import type { Db } from '../db/client.ts';
import { complaintReplies, complaints, users } from '../db/schema.ts';
import { newImageKey } from '../lib/images.ts';
import { fileUrl, type FileStorage } from '../lib/storage.ts';
import type { DemoWorld } from './demo.ts';

const DAY_MS = 24 * 3600_000;

interface DemoComplaint {
  author: string;
  daysAgo: number;
  subject: string;
  details: string;
  importance: Importance;
  state: ComplaintState;
  seen: boolean;
  photo?: boolean;
  /** The thread, oldest first: `admin` or the author. */
  replies?: [by: 'admin' | 'author', text: string][];
}

/** What residents of Córdoba buildings complain about: both states, a few still unseen by the administration. */
const COMPLAINTS: DemoComplaint[] = [
  {
    author: 'ana.gomez@demo.com.ar',
    daysAgo: 1,
    subject: 'Humedad en el techo del baño',
    details: 'Desde la lluvia del fin de semana aparece una mancha de humedad en el techo del baño, que sigue creciendo. Adjunto una foto.',
    importance: 'alta',
    state: 'opened',
    seen: false,
    photo: true,
  },
  {
    author: 'ana.gomez@demo.com.ar',
    daysAgo: 18,
    subject: 'Luz del pasillo del primer piso quemada',
    details: 'La lámpara del pasillo del primer piso, frente al ascensor, no enciende. De noche el pasillo queda a oscuras.',
    importance: 'baja',
    state: 'closed',
    seen: true,
    replies: [
      ['admin', 'Gracias por avisar. El encargado la cambia mañana a la mañana.'],
      ['author', 'Ya funciona, muchas gracias.'],
      ['admin', 'De nada. Cerramos el reclamo.'],
    ],
  },
  {
    author: 'bruno.diaz@demo.com.ar',
    daysAgo: 4,
    subject: 'Ascensor detenido en el tercer piso',
    details: 'El ascensor quedó detenido en el tercer piso con las puertas abiertas y no responde a los botones.',
    importance: 'alta',
    state: 'opened',
    seen: true,
    replies: [['admin', 'Ya llamamos al servicio técnico: viene el jueves a primera hora.']],
  },
  {
    author: 'carla.perez@demo.com.ar',
    daysAgo: 0,
    subject: 'Ruidos molestos de noche',
    details: 'Desde hace una semana hay música fuerte después de la medianoche en uno de los departamentos del tercer piso.',
    importance: 'media',
    state: 'opened',
    seen: false,
  },
  {
    author: 'elena.ruiz@demo.com.ar',
    daysAgo: 2,
    subject: 'El portón de la cochera no cierra',
    details: 'El portón queda a medio cerrar y hay que empujarlo a mano. Es un riesgo para la seguridad del edificio.',
    importance: 'media',
    state: 'opened',
    seen: false,
  },
  {
    author: 'facundo.sosa@demo.com.ar',
    daysAgo: 40,
    subject: 'Filtración en la cochera',
    details: 'Cae agua del techo de la cochera sobre el lugar 12 cada vez que llueve.',
    importance: 'alta',
    state: 'closed',
    seen: true,
    replies: [['admin', 'Se impermeabilizó la losa de la cochera. Avísenos si vuelve a filtrar.']],
  },
  {
    author: 'hernan.paz@demo.com.ar',
    daysAgo: 9,
    subject: 'Pasto del jardín sin cortar',
    details: 'El jardín del frente no se corta desde hace un mes.',
    importance: 'baja',
    state: 'opened',
    seen: true,
  },
];

/** A believable photo for the demo: a ceiling with a spreading damp stain, drawn at seed time. */
function dampCeilingPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
  <defs>
    <linearGradient id="ceiling" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#efede8"/><stop offset="1" stop-color="#dcd8cf"/></linearGradient>
    <radialGradient id="stain" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#7a6642" stop-opacity="0.8"/>
      <stop offset="0.6" stop-color="#9c885d" stop-opacity="0.6"/>
      <stop offset="0.85" stop-color="#6f5c38" stop-opacity="0.55"/>
      <stop offset="1" stop-color="#dcd8cf" stop-opacity="0"/>
    </radialGradient>
    <filter id="ragged" x="-20%" y="-20%" width="140%" height="140%">
      <feTurbulence type="fractalNoise" baseFrequency="0.015" numOctaves="3" seed="7"/>
      <feDisplacementMap in="SourceGraphic" scale="120" xChannelSelector="R" yChannelSelector="G"/>
    </filter>
  </defs>
  <rect width="800" height="600" fill="url(#ceiling)"/>
  <g filter="url(#ragged)">
    <ellipse cx="420" cy="260" rx="240" ry="160" fill="url(#stain)"/>
    <ellipse cx="560" cy="200" rx="120" ry="90" fill="url(#stain)"/>
  </g>
  <rect x="0" y="540" width="800" height="60" fill="#f6f4f0"/>
  <line x1="0" y1="540" x2="800" y2="540" stroke="#bdb7aa" stroke-width="5"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/**
 * Demo data: complaints in several buildings, open and closed, three still unseen (the bell),
 * Ana's newest with a photo and a couple with replies. Inserted directly, so the seed queues no
 * e-mail. The photo is stored through the storage interface like any upload (and so served only
 * to Ana and the administrator); without a storage the complaint goes without it.
 */
export async function seedDemoComplaints(db: Db, world: DemoWorld, now: Date, storage?: FileStorage): Promise<void> {
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        COMPLAINTS.map((c) => c.author),
      ),
    );
  const byEmail = new Map(people.map((p) => [p.email, p.id]));
  const placeOf = new Map<number, { buildingId: number; apartmentId: number }>();
  for (const b of world.buildings) {
    for (const a of b.apartments) if (a.residentId) placeOf.set(a.residentId, { buildingId: b.id, apartmentId: a.id });
  }

  for (const [i, c] of COMPLAINTS.entries()) {
    const userId = byEmail.get(c.author);
    const place = userId === undefined ? undefined : placeOf.get(userId);
    if (userId === undefined || !place) continue;
    // So many days before the seeding moment, a minute apart, so the bell's order is stable.
    const filedAt = new Date(now.getTime() - c.daysAgo * DAY_MS - (COMPLAINTS.length - i) * 60_000);
    let image: string | null = null;
    if (c.photo && storage) {
      const key = newImageKey('complaints', 'jpg');
      await storage.put(key, await dampCeilingPhoto(), 'image/jpeg');
      image = fileUrl(key);
    }
    const [row] = await db
      .insert(complaints)
      .values({
        ...place,
        userId,
        date: todayIso(filedAt),
        subject: c.subject,
        details: c.details,
        importance: c.importance,
        state: c.state,
        seen: c.seen,
        image,
        createdAt: filedAt,
      })
      .returning({ id: complaints.id });
    if (c.replies?.length) {
      await db.insert(complaintReplies).values(
        c.replies.map(([by, text], n) => ({
          complaintId: row!.id,
          authorId: by === 'admin' ? world.admin.id : userId,
          text,
          createdAt: new Date(Math.min(filedAt.getTime() + (n + 1) * 3 * 3600_000, now.getTime())),
        })),
      );
    }
  }
}
