import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { OIDC_ERRORS, OIDC_MSG, type OidcError } from '@consorcio/domain';

/** The Spanish message for an `?oidcError=` code; unknown codes read as a generic failure. */
export function oidcErrorMessage(code: string | null | undefined): string | undefined {
  if (!code) return undefined;
  return OIDC_MSG[(OIDC_ERRORS as readonly string[]).includes(code) ? (code as OidcError) : 'failed'];
}

/**
 * Reads the given query parameters once, then takes them out of the address bar (replace), so a
 * reload or a shared link does not repeat the provider's answer. The values stay in state.
 */
export function useConsumedParams<K extends string>(...keys: K[]): Record<K, string | undefined> {
  const [params, setParams] = useSearchParams();
  const [values] = useState(() => Object.fromEntries(keys.map((k) => [k, params.get(k) ?? undefined])) as Record<K, string | undefined>);
  const present = keys.some((k) => params.has(k));
  const keyList = keys.join(',');
  useEffect(() => {
    if (!present) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const k of keyList.split(',')) next.delete(k);
        return next;
      },
      { replace: true },
    );
  }, [present, keyList, setParams]);
  return values;
}
