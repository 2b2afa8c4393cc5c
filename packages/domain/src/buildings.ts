import { z } from 'zod';
import { idSchema, safeText } from './common.ts';
import { MSG } from './messages.ts';
import { IMAGE_MAX_BYTES } from './uploads.ts';

export { IMAGE_MAX_BYTES, IMAGE_MAX_MB, IMAGE_MAX_SIDE, IMAGE_MAX_TEXT, fitInside } from './uploads.ts';

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
export const IMAGE_ACCEPT = 'image/jpeg,image/png';

const toText = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v);
const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/** Free text of a building: no control characters (a NUL is 400, not a database error), trimmed, bounded. */
const text = (max: number) => safeText().trim().min(1, MSG.required).max(max, MSG.tooLong);

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

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A coordinate as a number: JSON numbers, or numeric text with a comma or a period. */
const coordinateNumber = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? Number(v.trim().replace(',', '.')) : v),
    z.number({ error: message }).min(min, message).max(max, message),
  );
const LATITUDE = [-90, 90, BUILDING_MSG.latitudeRange] as const;
const LONGITUDE = [-180, 180, BUILDING_MSG.longitudeRange] as const;

/** On create (and in the edit form, which shows the current values): blank means "no coordinates". */
const coordinate = (min: number, max: number, message: string) =>
  z.preprocess((v) => (isBlank(v) ? null : v), coordinateNumber(min, max, message).nullable());

/** On PUT: blank or absent keeps the current value, an explicit null clears it (API.md). */
const coordinatePatch = (min: number, max: number, message: string) =>
  z.preprocess((v) => (v === null ? null : isBlank(v) ? undefined : v), coordinateNumber(min, max, message).nullable().optional());

export const buildingFields = {
  name: text(BUILDING_BOUNDS.name),
  cata: text(BUILDING_BOUNDS.cata),
  address: text(BUILDING_BOUNDS.address),
  floor: digits,
  cant_apartments: digits,
  latitude: coordinate(...LATITUDE),
  longitude: coordinate(...LONGITUDE),
};

/** A place has both coordinates or neither (the map puts it at the default centre). */
export const coordinatesPaired = (v: { latitude?: number | null; longitude?: number | null }) =>
  (v.latitude === null || v.latitude === undefined) === (v.longitude === null || v.longitude === undefined);
const pairIssue = { message: BUILDING_MSG.coordinatesPair, path: ['longitude'] };

/** POST /api/buildings `body` part, and the create form. */
export const createBuildingSchema = z.object(buildingFields).refine(coordinatesPaired, pairIssue);
export type CreateBuildingInput = z.input<typeof createBuildingSchema>;
export type CreateBuildingData = z.output<typeof createBuildingSchema>;

/** Edit: a blank field keeps its current value (spec §5), so every text field is optional. */
const keepIfBlank = <T extends z.ZodType>(s: T) => z.preprocess(blankToUndefined, s.optional());
const editTextFields = {
  name: keepIfBlank(buildingFields.name),
  cata: keepIfBlank(buildingFields.cata),
  address: keepIfBlank(buildingFields.address),
  floor: keepIfBlank(buildingFields.floor),
  cant_apartments: keepIfBlank(buildingFields.cant_apartments),
};

/**
 * The edit form. It shows the current coordinates, so blank coordinate boxes mean the user
 * removed them (or changed the address): they are sent as null, which clears them.
 */
export const updateBuildingFormSchema = z
  .object({ ...editTextFields, latitude: buildingFields.latitude, longitude: buildingFields.longitude })
  .refine(coordinatesPaired, pairIssue);
export type UpdateBuildingInput = z.input<typeof updateBuildingFormSchema>;

/**
 * PUT /api/buildings `body` part: the id plus any fields; blank or absent ones keep their values.
 * Both-or-neither is checked by the server on the merged values (a lone latitude may complete a
 * stored longitude), with `coordinatesPaired`.
 */
export const updateBuildingSchema = z.object({
  id: idSchema,
  ...editTextFields,
  latitude: coordinatePatch(...LATITUDE),
  longitude: coordinatePatch(...LONGITUDE),
});
export type UpdateBuildingData = z.output<typeof updateBuildingSchema>;

/** The kind half of the image rule: JPEG or PNG by declared type or name (a picture may still be scaled down before its size counts). */
export function imageTypeProblem(file: { type: string; name: string }): string | null {
  const byType = file.type === 'image/jpeg' || file.type === 'image/png';
  const byName = /\.(jpe?g|png)$/i.test(file.name);
  return byType || byName ? null : MSG.unsupportedFile;
}

/** The image rule the browser checks before uploading; the server judges the content again. */
export function imageFileProblem(file: { type: string; size: number; name: string }): string | null {
  return imageTypeProblem(file) ?? (file.size > IMAGE_MAX_BYTES ? MSG.payloadTooLarge : null);
}

/** A building as the API answers it. */
export const buildingSchema = z.object({
  id: z.number(),
  name: z.string(),
  cata: z.string(),
  address: z.string(),
  floor: z.number(),
  cant_apartments: z.number(),
  image: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type Building = z.infer<typeof buildingSchema>;

/** How other answers (spendings, residents, the session) name a building. */
export const buildingRefSchema = z.object({ id: z.number(), name: z.string() });

/** Address search asks the service from this many characters on; shorter text gets no suggestions. */
export const GEOCODE_QUERY_MIN = 3;
/** Whether a typed address is long enough to ask for suggestions (the web app's and the server's rule). */
export const geocodeQueryReady = (q: string) => q.trim().length >= GEOCODE_QUERY_MIN;
/** GET /api/geocode `?q=`: what an address field may hold; shorter than GEOCODE_QUERY_MIN answers no suggestions. */
export const geocodeQuerySchema = z.object({ q: safeText().trim().max(BUILDING_BOUNDS.address, MSG.tooLong).default('') });
/** An address suggestion of GET /api/geocode. */
export const geocodeResultSchema = z.object({ label: z.string(), latitude: z.number(), longitude: z.number() });
export type GeocodeResult = z.infer<typeof geocodeResultSchema>;

/** Public settings of the web app (GET /api/config). */
export const appConfigSchema = z.object({
  tileUrl: z.string(),
  /** false: no address search (GEOCODER_URL=off); addresses are typed by hand. */
  geocoder: z.boolean(),
  oidc: z.boolean().describe('an OpenID Connect provider is configured: show "Continuar con Google" / "Ingresar con Google"'),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
