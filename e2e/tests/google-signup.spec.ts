import { expect, expectNoSeriousA11yViolations, test, type Page } from '../support/test';
import { NEW_GOOGLE_NAME, newGoogleLogin } from '../support/oidc';

/** The stand-in provider's own login form (oidc-provider's): any password, the login picks the person. */
async function signInAtProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('cualquier-clave');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test('an administrator signs up with Google: the form comes back filled with the verified name and e-mail, and later they log in with Google', async ({
  page,
}) => {
  const login = newGoogleLogin();
  const email = `${login}@example.com`;

  await page.goto('/registerAdmin');
  const google = page.getByRole('link', { name: 'Continuar con Google' });
  await expect(google).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'sign-up form with Google');
  await google.click();
  await signInAtProvider(page, login);

  // Back on the form: name and e-mail from the provider, the e-mail fixed while linked.
  await expect(page).toHaveURL(/\/registerAdmin$/);
  await expect(page.getByLabel('Nombre')).toHaveValue(NEW_GOOGLE_NAME);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Email')).not.toBeEditable();
  await expect(page.getByText('Vinculado con tu cuenta de Google').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'sign-up form filled by Google');
  await page.getByLabel('Teléfono de contacto').fill('3514223344');
  await page.getByLabel('Contraseña').fill('Google2026');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByRole('dialog')).toContainText('Usuario creado correctamente!');
  await page.getByRole('button', { name: 'Aceptar' }).click();

  // Login with the same provider: the account is linked.
  const dialog = page.getByRole('dialog', { name: 'Ingresar' });
  await expect(dialog.getByRole('link', { name: 'Ingresar con Google' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'login dialog with Google');
  await dialog.getByRole('link', { name: 'Ingresar con Google' }).click();
  // The provider may remember the person from the sign-up (as Google does) and skip its form.
  const home = page.getByText('Todavía no tiene edificios');
  await expect(page.locator('input[name="login"]').or(home)).toBeVisible();
  if (await page.locator('input[name="login"]').isVisible()) await signInAtProvider(page, login);
  await expect(home).toBeVisible();
  await expect(page.getByTestId('session-name')).toHaveText(NEW_GOOGLE_NAME);
  await expectNoSeriousA11yViolations(page, 'admin home after logging in with Google');
});

test('a Google account with an unverified e-mail is not used: the form says why and stays empty', async ({ page }) => {
  await page.goto('/registerAdmin');
  await page.getByRole('link', { name: 'Continuar con Google' }).click();
  await signInAtProvider(page, 'sin-verificar');
  await expect(page).toHaveURL(/\/registerAdmin$/);
  await expect(page.getByRole('alert')).toContainText('no tiene el e-mail verificado');
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expectNoSeriousA11yViolations(page, 'sign-up form after an unverified Google account');
});

test('logging in with a Google account linked to nobody opens the login dialog with the reason', async ({ page }) => {
  await page.goto('/logging');
  await page.getByRole('banner').getByRole('button', { name: 'Ingresar' }).first().click();
  await page.getByRole('dialog', { name: 'Ingresar' }).getByRole('link', { name: 'Ingresar con Google' }).click();
  await signInAtProvider(page, newGoogleLogin());
  const dialog = page.getByRole('dialog', { name: 'Ingresar' });
  await expect(dialog).toContainText('no está vinculada a ningún usuario');
  await expect(page).toHaveURL(/\/logging$/);
  await expectNoSeriousA11yViolations(page, 'login dialog after an unlinked Google account');
});
