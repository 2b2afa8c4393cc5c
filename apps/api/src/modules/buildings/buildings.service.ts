import {
  BUILDING_MSG,
  coordinatesPaired,
  type Building,
  type CreateBuildingData,
  type ListQuery,
  type ListResult,
  type UpdateBuildingData,
} from '@consorcio/domain';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newImageKey, processImageBytes } from '../../lib/images.ts';
import { fileUrl, keyFromUrl, type FileStorage } from '../../lib/storage.ts';
import type { AdminPrincipal, Principal } from '../../plugins/auth.ts';
import * as repo from './buildings.repository.ts';

export function presentBuilding(b: repo.BuildingRow): Building {
  return {
    id: b.id,
    name: b.name,
    cata: b.cata,
    address: b.address,
    floor: b.floor,
    cant_apartments: b.cantApartments,
    image: b.image,
    latitude: b.latitude,
    longitude: b.longitude,
  };
}

export async function listBuildings(db: Db, principal: AdminPrincipal, q: ListQuery): Promise<ListResult<Building>> {
  const { items, total } = await repo.listBuildings(db, principal, q.page, q.pageSize);
  return { items: items.map(presentBuilding), total };
}

/** A building within the caller's reach, or 404; `alreadyRead`: the same read, done with the caller's lookup. */
export async function getBuilding(
  db: Db,
  principal: Principal,
  id: number,
  alreadyRead?: Promise<repo.BuildingRow | null>,
): Promise<Building> {
  const row = await (alreadyRead ?? repo.findBuilding(db, principal, id));
  if (!row) throw notFound();
  return presentBuilding(row);
}

/** Judges an uploaded file (415 unless JPEG or PNG), re-encodes it and stores it under a fresh name. */
async function storeImage(storage: FileStorage, raw: Buffer | undefined): Promise<string | undefined> {
  if (!raw) return undefined;
  const image = await processImageBytes(raw);
  const key = newImageKey('buildings', image.ext);
  await storage.put(key, image.bytes, image.contentType);
  return key;
}

export async function createBuilding(
  db: Db,
  storage: FileStorage,
  principal: AdminPrincipal,
  input: CreateBuildingData,
  image?: Buffer,
): Promise<Building> {
  const key = await storeImage(storage, image);
  try {
    const row = await db.transaction((tx) =>
      repo.insertBuilding(tx, principal.id, {
        name: input.name,
        cata: input.cata,
        address: input.address,
        floor: input.floor,
        cantApartments: input.cant_apartments,
        latitude: input.latitude,
        longitude: input.longitude,
        image: key ? fileUrl(key) : null,
      }),
    );
    return presentBuilding(row);
  } catch (e) {
    if (key) await storage.delete(key).catch(() => {});
    throw e;
  }
}

/**
 * Blank fields keep their values; a new image replaces (and removes) the old one. The route has
 * checked the id's tenancy (404) and the fields (400) already; the image is judged here (415).
 */
export async function updateBuilding(
  db: Db,
  storage: FileStorage,
  principal: AdminPrincipal,
  input: UpdateBuildingData,
  image?: Buffer,
): Promise<Building> {
  const { id } = input;
  const current = await repo.findBuilding(db, principal, id);
  if (!current) throw notFound();
  const patch: Partial<repo.BuildingValues> = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.cata !== undefined) patch.cata = input.cata;
  if (input.address !== undefined) patch.address = input.address;
  if (input.floor !== undefined) patch.floor = input.floor;
  if (input.cant_apartments !== undefined) patch.cantApartments = input.cant_apartments;
  if (input.latitude !== undefined) patch.latitude = input.latitude;
  if (input.longitude !== undefined) patch.longitude = input.longitude;
  // Both coordinates or neither, on the values the building will have.
  const latitude = patch.latitude !== undefined ? patch.latitude : current.latitude;
  const longitude = patch.longitude !== undefined ? patch.longitude : current.longitude;
  if (!coordinatesPaired({ latitude, longitude })) {
    const missing = latitude === null ? 'latitude' : 'longitude';
    throw new AppError('VALIDATION', BUILDING_MSG.coordinatesPair, { [missing]: BUILDING_MSG.coordinatesPair });
  }
  const key = await storeImage(storage, image);
  if (key) patch.image = fileUrl(key);
  let row: repo.BuildingRow | null;
  try {
    row = await repo.updateBuilding(db, principal, id, patch);
  } catch (e) {
    if (key) await storage.delete(key).catch(() => {});
    throw e;
  }
  if (!row) {
    if (key) await storage.delete(key).catch(() => {});
    throw notFound();
  }
  const oldKey = key ? keyFromUrl(current.image) : null;
  if (oldKey) await storage.delete(oldKey).catch(() => {});
  return presentBuilding(row);
}

export async function deleteBuilding(db: Db, principal: AdminPrincipal, id: number, now: Date): Promise<void> {
  if (!(await repo.archiveBuilding(db, principal, id, now))) throw notFound();
}
