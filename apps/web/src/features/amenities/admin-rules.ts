import { z } from 'zod';
import { AMENITY_MSG, amenityRulesSchema, NO_RULES, type AmenityRules } from '@consorcio/domain';

export type NumericRule = Exclude<keyof AmenityRules, 'blockDebtors'>;

/** The form holds each numeric rule as typed text, or null while its switch is off. */
export type RulesFormValues = { [K in NumericRule]: string | null } & { blockDebtors: boolean };

/** A rule's bounds, read from the shared schema so they are defined once. */
function boundsOf(key: NumericRule): { min: number; max: number } {
  const num = amenityRulesSchema.shape[key].unwrap().unwrap();
  return { min: num.minValue ?? 0, max: num.maxValue ?? Number.MAX_SAFE_INTEGER };
}

const FIELDS: { key: NumericRule; label: string; unit: string; suggested: number; off: string }[] = [
  { key: 'maxPerWeek', label: 'Límite por semana', unit: 'Reservas', suggested: 2, off: 'Sin límite de reservas por semana.' },
  { key: 'maxPerMonth', label: 'Límite por mes', unit: 'Reservas', suggested: 4, off: 'Sin límite de reservas por mes.' },
  { key: 'advanceDays', label: 'Anticipación máxima', unit: 'Días', suggested: 30, off: 'Se puede reservar cualquier turno publicado.' },
  { key: 'minNoticeHours', label: 'Aviso mínimo', unit: 'Horas', suggested: 2, off: 'Se puede reservar hasta que empiece el turno.' },
  { key: 'cancelHours', label: 'Plazo para cancelar', unit: 'Horas', suggested: 24, off: 'Se puede cancelar hasta que empiece el turno.' },
];
export const RULE_FIELDS = FIELDS.map((f) => ({ ...f, ...boundsOf(f.key) }));

/** Typed text → the number the API takes, with the bounds said in Spanish. */
const ruleText = (min: number, max: number) =>
  z.union([z.null(), z.string()]).transform((v, ctx) => {
    if (v === null) return null;
    if (!/^\d+$/.test(v.trim())) {
      ctx.addIssue({ code: 'custom', message: v.trim() === '' ? AMENITY_MSG.fillAll : AMENITY_MSG.onlyDigits });
      return z.NEVER;
    }
    const n = Number(v);
    if (n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: `Debe estar entre ${min} y ${max}` });
      return z.NEVER;
    }
    return n;
  });

export const rulesFormSchema = z.object({
  ...(Object.fromEntries(RULE_FIELDS.map((r) => [r.key, ruleText(r.min, r.max)])) as Record<NumericRule, ReturnType<typeof ruleText>>),
  blockDebtors: z.boolean(),
});

export function rulesToForm(r: AmenityRules = NO_RULES): RulesFormValues {
  const text = (n: number | null) => (n === null ? null : String(n));
  return {
    maxPerWeek: text(r.maxPerWeek),
    maxPerMonth: text(r.maxPerMonth),
    advanceDays: text(r.advanceDays),
    minNoticeHours: text(r.minNoticeHours),
    cancelHours: text(r.cancelHours),
    blockDebtors: r.blockDebtors,
  };
}
