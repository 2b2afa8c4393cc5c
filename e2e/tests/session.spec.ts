import { expect, expectNoSeriousA11yViolations, test } from '../support/test';
import { DEMO_ADMIN, DEMO_RESIDENT, loginThroughUi, uniqueEmail } from '../support/helpers';

test('an administrator signs up, logs in, lands on the admin home and logs out', async ({ page }) => {
  const email = uniqueEmail('admin');
  await page.goto('/registerAdmin');
  await expect(page.getByRole('button', { name: 'Crear cuenta' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'sign-up form');
  await page.getByLabel('Nombre').fill('Julia Morales');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Teléfono de contacto').fill('3514998877');
  await page.getByLabel('Contraseña').fill('Segura2026');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByRole('dialog')).toContainText('Usuario creado correctamente!');
  await expectNoSeriousA11yViolations(page, 'sign-up success dialog');
  await page.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page).toHaveURL(/\/logging$/);

  // The login modal opens by itself after sign-up.
  const dialog = page.getByRole('dialog', { name: 'Ingresar' });
  await expect(dialog.getByLabel('Email')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'landing page with the login dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Contraseña').fill('Segura2026');
  await dialog.getByRole('button', { name: 'Ingresar' }).click();

  // spec §8: a welcome dialog, gone by itself after a moment, then the admin home.
  await expect(page.getByRole('dialog', { name: 'Bienvenido Julia Morales' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('session-name')).toHaveText('Julia Morales');
  const nav = page.getByRole('navigation', { name: 'Menú principal' }).first();
  for (const entry of ['Edificios', 'Amenities', 'Gastos', 'Alertas', 'Expensas', 'Usuarios', 'Servicios Utiles']) {
    await expect(nav.getByRole('link', { name: entry })).toBeVisible();
  }
  await expect(page.getByText('Todavía no tiene edificios')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'admin home without buildings');
  // No secret in the browser's storage: only the profile.
  const stored = await page.evaluate(() => JSON.stringify(localStorage));
  expect(stored).not.toMatch(/token/i);
  expect(JSON.parse(await page.evaluate(() => localStorage.getItem('profile') ?? '{}'))).toMatchObject({
    name: 'Julia Morales',
    role: 'admin',
  });

  // A logout the server never heard (the connection drops) is not claimed: the user stays and can try again.
  await page.route('**/api/loggings/logout', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Cuenta' }).click();
  await expect(page.getByRole('menuitem', { name: 'Cerrar sesión' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'account menu');
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page.getByRole('dialog', { name: 'No se pudo cerrar la sesión' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'logout failure dialog');
  await page.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Sesion cerrada!')).toHaveCount(0);
  await page.unroute('**/api/loggings/logout');

  await page.getByRole('button', { name: 'Cuenta' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/logging$/);
  await expect(page.getByText('Sesion cerrada!')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'landing page after logout');
  expect(await page.evaluate(() => localStorage.getItem('profile'))).toBeNull();
  // The session is over on the server too: the admin area sends us back.
  await page.goto('/buildings');
  await expect(page).toHaveURL(/\/logging$/);
});

test('a wrong password shows the Spanish dialog', async ({ page }) => {
  await loginThroughUi(page, DEMO_RESIDENT.email, 'Equivocada1');
  const alert = page.getByRole('dialog', { name: 'Usuario o contraseña incorrectos' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Intente de nuevo');
  await expectNoSeriousA11yViolations(page, 'wrong password dialog');
});

test('a malformed e-mail is caught before calling the server', async ({ page }) => {
  await loginThroughUi(page, 'no-es-un-mail', 'Algo1234');
  const alert = page.getByRole('dialog', { name: 'Por favor revise los datos!' });
  await expect(alert).toContainText('El correo electronico es incorrecto');
});

test('the admin area without a session goes to /logging', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/logging$/);
  await expect(page.getByRole('heading', { name: 'Administrar edificios, ahora es más fácil.' })).toBeVisible();
  await page.goto('/public/1');
  await expect(page).toHaveURL(/\/logging$/);
});

test('a resident lands in the resident area and cannot open the admin area', async ({ page }) => {
  await loginThroughUi(page, DEMO_RESIDENT.email, DEMO_RESIDENT.password);
  await expect(page).toHaveURL(/\/public\/\d+$/);
  const nav = page.getByRole('navigation', { name: 'Menú principal' }).first();
  for (const entry of ['Inicio', 'Mi Edificio', 'Amenities', 'Mis expensas', 'Reclamos', 'Servicios Utiles']) {
    await expect(nav.getByRole('link', { name: entry })).toBeVisible();
  }
  await page.goto('/buildings');
  await expect(page).toHaveURL(/\/public\/\d+$/);
  const home = page.url();
  // /public alone is the resident's home too.
  await page.goto('/public');
  await expect(page).toHaveURL(home);
  await expect(page.getByRole('heading', { name: 'Mis datos' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'resident home');
  // On a phone the bar still says who is in.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('session-name')).toBeVisible();
  await expect(page.getByTestId('session-name')).toHaveText(DEMO_RESIDENT.name);
  await expectNoSeriousA11yViolations(page, 'resident home on a phone');
});

test('the sign-up form explains what is wrong, and a taken e-mail gets the Spanish dialog', async ({ page }) => {
  await page.goto('/registerAdmin');
  const submit = page.getByRole('button', { name: 'Crear cuenta' });
  const warning = page.getByRole('dialog', { name: 'Por favor revise los datos!' });
  await submit.click();
  await expect(warning).toContainText('Debe completar todos los campos');
  await expectNoSeriousA11yViolations(page, 'sign-up warning dialog');
  await page.getByRole('button', { name: 'Aceptar' }).click();

  await page.getByLabel('Nombre').fill('Julia Morales');
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Teléfono de contacto').fill('3514998877');
  await page.getByLabel('Contraseña').fill('debil123');
  await submit.click();
  await expect(warning).toContainText('1 nro, 1 mayus y 1 min');
  await page.getByRole('button', { name: 'Aceptar' }).click();

  await page.getByLabel('Contraseña').fill('Segura2026');
  await submit.click();
  const failure = page.getByRole('dialog', { name: 'No se ha podido crear el usuario' });
  await expect(failure).toContainText('El email ya se encuentra asociado a una cuenta');
  await expectNoSeriousA11yViolations(page, 'sign-up failure dialog');
  await page.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page).toHaveURL(/\/registerAdmin$/);
});

test('the landing page reveals the company section and the three benefits on scroll', async ({ page }) => {
  await page.goto('/logging');
  await expect(page.getByRole('heading', { name: 'Administrar edificios, ahora es más fácil.' })).toBeVisible();
  const ventajas = page.getByRole('heading', { name: 'Ventajas' });
  await expect(ventajas).toBeHidden();
  await page.mouse.move(600, 400);
  await page.mouse.wheel(0, 600);
  await expect(ventajas).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Quiénes somos' })).toBeVisible();
  for (const card of ['Salones comunes', 'Expensas', 'Gastos']) {
    await expect(page.getByRole('heading', { name: card, level: 3 })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page, 'landing page scrolled');
});
