import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { buildings } from '../db/schema.ts';
import type { DemoWorld } from './demo.ts';

/**
 * Pictures for the demo buildings. They ship with the web app (`apps/web/public/demo`), so the
 * demo needs no upload folder and works the same on PostgreSQL; real uploads live under /api/files.
 */
const DEMO_IMAGES: Record<string, string> = {
  'Torre Cañada': '/demo/torre-canada.jpg',
  'Edificio Nueva Córdoba': '/demo/nueva-cordoba.jpg',
  'Residencias del Cerro': '/demo/residencias-del-cerro.jpg',
};

/** Demo data: images for the demo buildings (coordinates and apartments come with the base world). */
export async function seedDemoBuildings(db: Db, world: DemoWorld): Promise<void> {
  for (const b of world.buildings) {
    const image = DEMO_IMAGES[b.name];
    if (image) await db.update(buildings).set({ image }).where(eq(buildings.id, b.id));
  }
}
