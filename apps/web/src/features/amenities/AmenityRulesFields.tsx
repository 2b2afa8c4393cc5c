import { Controller, useWatch, type Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { NO_RULES, rulesInWords } from '@consorcio/domain';
import { RULE_FIELDS, type NumericRule, type RulesFormValues } from './admin-rules';

/** The sentence a rule reads as, with the typed value, or what applies while it is off. */
function explain(key: NumericRule, raw: string | null, off: string): string {
  if (raw === null) return off;
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (Number.isNaN(n)) return 'Escriba un número.';
  return rulesInWords({ ...NO_RULES, [key]: n })[0] ?? off;
}

/**
 * The amenity's booking rules (API.md): each one a switch and, when on, its number, explained in
 * plain Spanish as residents will read it.
 */
export function AmenityRulesFields({ control }: { control: Control<{ rules: RulesFormValues }> }) {
  const rules = useWatch({ control, name: 'rules' });
  return (
    <Paper variant="outlined" component="fieldset" sx={{ p: { xs: 1.5, sm: 2 }, m: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ px: 0.5, fontWeight: 600 }}>
        Reglas de reserva
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Se aplican cuando un residente reserva o cancela. El administrador puede reservar para un residente sin respetarlas.
      </Typography>
      <Stack spacing={1.5}>
        {RULE_FIELDS.map((r) => (
          <Controller
            key={r.key}
            name={`rules.${r.key}`}
            control={control}
            render={({ field, fieldState }) => {
              const on = field.value !== null;
              const inputId = `rule-${r.key}`;
              return (
                <Box
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) 140px' },
                    gap: 1,
                    alignItems: 'start',
                  }}
                >
                  <Box>
                    <FormControlLabel
                      control={<Switch checked={on} onChange={(e) => field.onChange(e.target.checked ? String(r.suggested) : null)} />}
                      label={r.label}
                    />
                    <Typography variant="body2" color="text.secondary" sx={{ pl: { xs: 0, sm: 6 } }} id={`${inputId}-help`}>
                      {explain(r.key, rules?.[r.key] ?? null, r.off)}
                    </Typography>
                  </Box>
                  {on && (
                    <TextField
                      id={inputId}
                      size="small"
                      label={r.unit}
                      value={field.value ?? ''}
                      onChange={(e) => /^\d*$/.test(e.target.value) && field.onChange(e.target.value)}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                      error={!!fieldState.error}
                      helperText={fieldState.error?.message ?? `Entre ${r.min} y ${r.max}`}
                      slotProps={{
                        htmlInput: { inputMode: 'numeric', 'aria-describedby': `${inputId}-help`, maxLength: 4 },
                      }}
                    />
                  )}
                </Box>
              );
            }}
          />
        ))}
        <Controller
          name="rules.blockDebtors"
          control={control}
          render={({ field }) => (
            <Box>
              <FormControlLabel
                control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} inputRef={field.ref} />}
                label="Bloquear a deudores"
              />
              <Typography variant="body2" color="text.secondary" sx={{ pl: { xs: 0, sm: 6 } }}>
                {field.value
                  ? rulesInWords({ ...NO_RULES, blockDebtors: true })[0]
                  : 'Pueden reservar aunque adeuden expensas de meses anteriores.'}
              </Typography>
            </Box>
          )}
        />
      </Stack>
    </Paper>
  );
}
