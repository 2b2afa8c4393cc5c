import { z } from 'zod';
import { MSG } from './messages.ts';

/** Spanish texts of the building screens (spec/admin-panel.md §5 and §8). */
export const BUILDING_MSG = {
  created: 'Edificio Creado!',
  saved: 'Se guardaron los cambios!',
  deleted: 'Edificio borrado con exito!',
  confirmDelete: '¿Está seguro de borrar este edificio?',
  confirmDeleteHint: 'El edificio deja de verse; sus gastos, expensas y pagos quedan archivados.',
  latitudeRange: 'La latitud debe estar entre -90 y 90',
  longitudeRange: 'La longitud debe estar entre -180 y 180',
  coordinatesPair: 'Complete latitud y longitud, o ninguna',
} as const;

export const BUILDING_BOUNDS = { name: 100, cata: 50, address: 200, digits: 4 } as const;
export const MAP_DEFAULT_CENTER = { latitude: -31.42678, longitude: -64.19091, zoom: 12 } as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_ACCEPT = 'image/jpeg,image/png';

const toText = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v);
const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

const text = (max: number) => z.string({ error: MSG.required }).trim().min(1, MSG.required).max(max, MSG.tooLong);

/** floor / cant_apartments: typed as text in the form, a number in JSON; digits only. */
const digits = z.preprocess(
  toText,
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .regex(/^\d+$/, MSG.onlyDigits)
    .max(BUILDING_BOUNDS.digits, MSG.tooLong)
    .transform(Number),
);

/** A coordinate: number, numeric text (comma or period) or blank (null). */
const coordinate = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return null;
      if (typeof v === 'string') return Number(v.trim().replace(',', '.'));
      return v;
    },
    z.number({ error: message }).min(min, message).max(max, message).nullable(),
  );

export const buildingFields = {
  name: text(BUILDING_BOUNDS.name),
  cata: text(BUILDING_BOUNDS.cata),
  address: text(BUILDING_BOUNDS.address),
  floor: digits,
  cant_apartments: digits,
  latitude: coordinate(-90, 90, BUILDING_MSG.latitudeRange),
  longitude: coordinate(-180, 180, BUILDING_MSG.longitudeRange),
};

const bothOrNeither = (v: { latitude?: number | null; longitude?: number | null }) =>
  (v.latitude === null || v.latitude === undefined) === (v.longitude === null || v.longitude === undefined);

/** POST /api/buildings `body` part, and the create form. */
export const createBuildingSchema = z
  .object(buildingFields)
  .refine(bothOrNeither, { message: BUILDING_MSG.coordinatesPair, path: ['longitude'] });
export type CreateBuildingInput = z.input<typeof createBuildingSchema>;
export type CreateBuildingData = z.output<typeof createBuildingSchema>;

/** Edit: a blank field keeps its current value (spec §5), so every field is optional. */
const keepIfBlank = <T extends z.ZodType>(s: T) => z.preprocess(blankToUndefined, s.optional());
export const updateBuildingFormSchema = z.object({
  name: keepIfBlank(buildingFields.name),
  cata: keepIfBlank(buildingFields.cata),
  address: keepIfBlank(buildingFields.address),
  floor: keepIfBlank(buildingFields.floor),
  cant_apartments: keepIfBlank(buildingFields.cant_apartments),
  // Coordinates are the exception: clearing both means "no coordinates" (the map default centre).
  latitude: buildingFields.latitude.optional(),
  longitude: buildingFields.longitude.optional(),
});
export type UpdateBuildingInput = z.input<typeof updateBuildingFormSchema>;

/** PUT /api/buildings `body` part: the edit fields plus the id. */
export const updateBuildingSchema = updateBuildingFormSchema
  .extend({ id: z.coerce.number({ error: MSG.required }).int().positive() })
  .refine((v) => v.latitude === undefined || v.longitude === undefined || bothOrNeither(v), {
    message: BUILDING_MSG.coordinatesPair,
    path: ['longitude'],
  });
export type UpdateBuildingData = z.output<typeof updateBuildingSchema>;

/** The image rule the browser checks before uploading; the server judges the content again. */
export function imageFileProblem(file: { type: string; size: number; name: string }): string | null {
  const byType = file.type === 'image/jpeg' || file.type === 'image/png';
  const byName = /\.(jpe?g|png)$/i.test(file.name);
  if (!byType && !byName) return MSG.unsupportedFile;
  if (file.size > IMAGE_MAX_BYTES) return MSG.payloadTooLarge;
  return null;
}

export interface Building {
  id: number;
  name: string;
  cata: string;
  address: string;
  floor: number;
  cant_apartments: number;
  image: string | null;
  latitude: number | null;
  longitude: number | null;
}

export const geocodeQuerySchema = z.object({ q: z.string().trim().min(3).max(200) });
export interface GeocodeResult {
  label: string;
  latitude: number;
  longitude: number;
}
