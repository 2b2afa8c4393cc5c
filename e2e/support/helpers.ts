import { expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';

export const DEMO_ADMIN = { email: 'admin@consorcio.com.ar', password: 'Admin1234' };
export const DEMO_RESIDENT = { email: 'ana.gomez@demo.com.ar', password: 'Vecino1234', name: 'Ana Gómez' };

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Logs in through the landing page's modal, as a person would (with `scan`, the open dialog is checked by axe). */
export async function loginThroughUi(page: Page, email: string, password: string, opts: { scan?: boolean } = {}): Promise<void> {
  await page.goto('/logging');
  await page.getByRole('banner').getByRole('button', { name: 'Ingresar' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Ingresar' });
  if (opts.scan) {
    await expect(dialog.getByLabel('Email')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'landing page with the login dialog');
  }
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Contraseña').fill(password);
  await dialog.getByRole('button', { name: 'Ingresar' }).click();
}

/** Logs in through the API in the page's context (the cookie lands in the browser). */
export async function loginByApi(page: Page, email: string, password: string): Promise<void> {
  const res = await page.request.post('/api/loggings/loggingIn', { data: { email, password } });
  expect(res.status()).toBe(200);
}

/** A fresh administrator (no buildings yet), logged in in this page: journeys stay independent. */
export async function freshAdmin(page: Page): Promise<void> {
  const email = uniqueEmail('edificios');
  const signup = await page.request.post('/api/admin/', {
    data: { name: 'Sofía Herrera', email, contact: '3514556677', password: 'Edificio2026' },
  });
  expect(signup.status()).toBe(201);
  await loginByApi(page, email, 'Edificio2026');
}

export const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** A building of the logged-in administrator's own with two apartments, 1A (60 m2) and 1B (40 m2): the journey owns its months. */
export async function ownBuilding(page: Page, prefix = 'E2E'): Promise<{ id: number; name: string; apartmentIds: number[] }> {
  const id = uid();
  const name = `Edificio ${prefix} ${id}`;
  const b = await page.request.post('/api/buildings', {
    data: {
      name,
      cata: `${prefix}-${id}`.slice(0, 20),
      address: 'Av. Colón 100, Córdoba',
      floor: '3',
      cant_apartments: '2',
      latitude: null,
      longitude: null,
    },
  });
  expect(b.status()).toBe(201);
  const building = (await b.json()) as { id: number };
  const apartmentIds: number[] = [];
  for (const [n, mt2] of [
    ['1A', 60],
    ['1B', 40],
  ] as const) {
    const a = await page.request.post('/api/apartments', {
      data: { building: building.id, cata_apartment: `UF ${n} ${id}`.slice(0, 20), mt2, number_apartment: n, state: 1 },
    });
    expect(a.status()).toBe(201);
    apartmentIds.push(((await a.json()) as { id: number }).id);
  }
  return { id: building.id, name, apartmentIds };
}
