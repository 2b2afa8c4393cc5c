import { expect, expectNoSeriousA11yViolations, test, type APIRequestContext, type Page } from '../support/test';
import { DEMO_ADMIN, loginThroughUi, uniqueEmail } from '../support/helpers';
import { resetLinkFor } from '../support/mailbox';

/** A fresh resident created by the demo administrator through the API (first_logging true). */
async function createResident(request: APIRequestContext, name: string) {
  expect((await request.post('/api/loggings/loggingIn', { data: DEMO_ADMIN })).status()).toBe(200);
  const someone = (await (await request.get('/api/users/getall?pageSize=1')).json()).items[0];
  const email = uniqueEmail('vecino');
  const res = await request.post('/api/users/', {
    data: {
      name,
      email,
      password: 'Inicial123',
      contact: '3514778899',
      isDeleted: false,
      building: someone.building.id,
      apartment: someone.apartment.id,
    },
  });
  expect(res.status()).toBe(201);
  const user = await res.json();
  await request.post('/api/loggings/logout');
  return { id: user.id as number, email, password: 'Inicial123' };
}

/** The demo administrator's home after logging in, with its buildings loaded. */
async function adminHome(page: Page) {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('listitem', { name: 'Torre Cañada' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'admin home');
}

async function choosePassword(page: Page, email: string, password: string) {
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Nueva Contraseña').fill(password);
  await page.getByLabel('Confirmar Contraseña').fill(password);
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('dialog', { name: 'Contraseña cambiada' })).toBeVisible();
  await page.getByRole('button', { name: 'Aceptar' }).click();
}

test('the administrator creates a resident, whose first login forces a new password', async ({ page, otherPage: resident }) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('nuevo');
  await loginThroughUi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await adminHome(page);
  await page.goto('/userCreate');
  await expect(page.getByRole('button', { name: 'Crear usuario' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'new user form');
  // The typing filters reject the key with their message, which goes once a key is accepted.
  await page.getByLabel('Nombre').pressSequentially('Rocío 9');
  await expect(page.getByText('Solo puede ingresar letras!')).toBeVisible();
  await page.getByLabel('Nombre').pressSequentially(' Benítez');
  await expect(page.getByText('Solo puede ingresar letras!')).toHaveCount(0);
  await expect(page.getByLabel('Nombre')).toHaveValue('Rocío  Benítez');
  await page.getByLabel('Nombre').fill('Rocío Benítez');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña inicial').fill('Inicial123');
  await page.getByLabel('Teléfono de contacto').pressSequentially('351a');
  await expect(page.getByText('Solo puede ingresar numeros!')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'new user form with a typing warning');
  await page.getByLabel('Teléfono de contacto').pressSequentially('4');
  await expect(page.getByText('Solo puede ingresar numeros!')).toHaveCount(0);
  await expect(page.getByLabel('Teléfono de contacto')).toHaveValue('3514');
  await page.getByLabel('Teléfono de contacto').fill('3514001122');
  // Nothing chosen yet: the spec's message.
  await page.getByRole('button', { name: 'Crear usuario' }).click();
  await expect(page.getByRole('dialog', { name: 'Por favor revise los datos!' })).toContainText('Debe completar todos los campos');
  await page.getByRole('button', { name: 'Aceptar' }).click();

  await page.getByRole('combobox', { name: 'Edificio' }).click();
  await expect(page.getByRole('option', { name: 'Residencias del Cerro' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'new user form with the building list open');
  await page.getByRole('option', { name: 'Residencias del Cerro' }).click();
  await page.getByRole('combobox', { name: 'Departamento' }).click();
  await page.getByRole('option', { name: '2', exact: true }).click();
  await page.getByRole('button', { name: 'Crear usuario' }).click();
  await expect(page.getByText('Usuario creado exitosamente')).toBeVisible();
  await expect(page).toHaveURL(/\/userDetail\?buildingId=\d+/);
  const row = page.getByRole('row', { name: /Rocío Benítez/ });
  await expect(row).toContainText('Habilitado');
  await expectNoSeriousA11yViolations(page, 'users list filtered by building');

  // The same e-mail again: the spec's error with its hint.
  await page.goto('/userCreate');
  await page.getByLabel('Nombre').fill('Otra Persona');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña inicial').fill('Inicial123');
  await page.getByLabel('Teléfono de contacto').fill('3514001133');
  await page.getByRole('combobox', { name: 'Edificio' }).click();
  await page.getByRole('option', { name: 'Residencias del Cerro' }).click();
  await page.getByRole('combobox', { name: 'Departamento' }).click();
  await page.getByRole('option', { name: '2', exact: true }).click();
  await page.getByRole('button', { name: 'Crear usuario' }).click();
  await expect(page.getByRole('dialog', { name: 'El mail ya está registrado en nuestra BBDD' })).toContainText('Use otro email');

  // The resident's first login goes to the reset screen; the app stays closed until a password is chosen.
  await loginThroughUi(resident, email, 'Inicial123', { scan: true });
  await expect(resident).toHaveURL(/\/logging\/restaurarcontrase/);
  // Both too short: the password rule of API.md.
  await resident.getByLabel('Nueva Contraseña').fill('abc');
  await resident.getByLabel('Confirmar Contraseña').fill('abc');
  await resident.getByRole('button', { name: 'Confirmar' }).click();
  await expect(resident.getByRole('dialog', { name: 'Por favor revise los datos!' })).toContainText('1 nro, 1 mayus y 1 min');
  await expectNoSeriousA11yViolations(resident, 'reset password warning dialog');
  await resident.getByRole('button', { name: 'Aceptar' }).click();
  await resident.getByLabel('Nueva Contraseña').fill('MiClave2026');
  await resident.getByLabel('Confirmar Contraseña').fill('MiClave2025');
  await resident.getByRole('button', { name: 'Confirmar' }).click();
  await expect(resident.getByRole('dialog', { name: 'Por favor revise los datos!' })).toContainText('Las contraseñas no coinciden');
  await resident.getByRole('button', { name: 'Aceptar' }).click();
  await choosePassword(resident, email, 'MiClave2026');
  await expect(resident).toHaveURL(/\/public\/\d+$/);
  await expect(resident.getByRole('heading', { name: 'Mis datos' })).toBeVisible();
  await expect(resident.getByText('3514001122')).toBeVisible();
  await expect(resident.getByText('Residencias del Cerro')).toBeVisible();
  await expectNoSeriousA11yViolations(resident, 'new resident home');
});

test('a first-login resident who leaves the reset screen cannot use the app', async ({ page, request }) => {
  const r = await createResident(request, 'Pablo Giménez');
  await loginThroughUi(page, r.email, r.password, { scan: true });
  await expect(page).toHaveURL(/\/logging\/restaurarcontrase/);
  await expect(page.getByLabel('Email')).toHaveValue(r.email);
  await expectNoSeriousA11yViolations(page, 'reset password screen');
  await page.goto(`/public/${r.id}`);
  await expect(page.getByText('Antes de continuar debe elegir su contraseña')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mis datos' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'first-login gate');
});

test('forgot password: the e-mailed link opens the reset screen, works once, and then explains it expired', async ({ page, request }) => {
  const r = await createResident(request, 'Sofía Herrera');
  await page.goto('/logging');
  await page.getByRole('banner').getByRole('button', { name: 'Ingresar' }).first().click();
  await page.getByRole('button', { name: 'Olvidaste la constraseña?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Restablecer contraseña' });
  await expect(forgot.getByLabel('Email')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'forgot password dialog');
  await forgot.getByLabel('Email').fill('no-es-mail');
  await forgot.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('dialog', { name: 'Por favor revise los datos!' })).toContainText('El correo electronico es invalido');
  await page.getByRole('button', { name: 'Aceptar' }).click();
  await forgot.getByLabel('Email').fill(r.email);
  await forgot.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('dialog', { name: 'Revise su Correo' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'reset e-mail sent dialog');
  await page.getByRole('button', { name: 'Aceptar' }).click();

  const link = await resetLinkFor(r.email);
  await page.goto(link);
  await choosePassword(page, r.email, 'Olvide2026x');
  // Without a session "/" leads to the landing page; the new password works.
  await expect(page).toHaveURL(/\/logging$/);
  await loginThroughUi(page, r.email, 'Olvide2026x');
  await expect(page).toHaveURL(/\/public\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Mis datos' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'resident home');

  await page.goto(link);
  await expect(page.getByText('El enlace no es válido o ya venció. Pida uno nuevo')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pedir un nuevo enlace' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'expired reset link');
});

test('a banned resident is logged out at once and cannot get in', async ({ page, otherPage: resident, request }) => {
  const r = await createResident(request, 'Tomás Acosta');
  // The resident chooses a password and is using the app in another browser.
  await loginThroughUi(resident, r.email, r.password);
  await choosePassword(resident, r.email, 'Vecino2026x');
  await expect(resident).toHaveURL(/\/public\/\d+$/);
  await expect(resident.getByRole('heading', { name: 'Mis datos' })).toBeVisible();
  await expectNoSeriousA11yViolations(resident, 'resident home');

  await loginThroughUi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await adminHome(page);
  await page.goto(`/userupdate/${r.id}`);
  await expect(page.getByLabel('Contacto')).toHaveValue('3514778899');
  await expectNoSeriousA11yViolations(page, 'edit user form');
  // Any invalid field: the spec's one warning, with the field's own message under it.
  await page.getByLabel('Contacto').fill('12');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByRole('dialog', { name: 'Por favor revise los datos!' })).toContainText(
    'Debe completar el nombre, email y numero de contacto',
  );
  await page.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByText('Es muy corto')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'edit user form with a field error');
  await page.getByLabel('Contacto').fill('3514778899');
  await page.getByRole('radio', { name: 'BANNED' }).check();
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByRole('dialog', { name: /Deshabilitar a Tomás Acosta/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'ban confirmation dialog');
  await page
    .getByRole('dialog', { name: /Deshabilitar a Tomás Acosta/ })
    .getByRole('button', { name: 'Deshabilitar' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Usuario actualizado exitosamente' })).toBeVisible();
  await page.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page).toHaveURL(/\/userDetail$/);
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'users list');

  await resident.reload();
  await expect(resident).toHaveURL(/\/logging$/);
  await loginThroughUi(resident, r.email, 'Vecino2026x');
  await expect(resident.getByRole('dialog', { name: 'Usuario deshabilitado' })).toBeVisible();
  await expectNoSeriousA11yViolations(resident, 'banned user dialog');
});

test('the users list filters by building and apartment, and an apartment needs a building first', async ({ page }) => {
  await loginThroughUi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await adminHome(page);
  await page.goto('/userDetail');
  await expect(page.getByRole('row', { name: /Ana Gómez/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'users list');
  await page.getByRole('combobox', { name: 'Departamento' }).click();
  await expect(page.getByRole('dialog', { name: 'Por favor revise los datos!' })).toContainText(
    'No se puede elegir departamento sin selecciona edificio',
  );
  await page.getByRole('button', { name: 'Aceptar' }).click();

  await page.getByRole('combobox', { name: 'Edificio' }).click();
  await page.getByRole('option', { name: 'Edificio Nueva Córdoba' }).click();
  await expect(page.getByRole('row', { name: /Ana Gómez/ })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Departamento' }).click();
  await page.getByRole('option', { name: '102' }).click();
  await expect(page.getByRole('row', { name: /Facundo Sosa/ })).toContainText('Habilitado');
  await expect(page.getByRole('row', { name: /Elena Ruiz/ })).toHaveCount(0);
});
