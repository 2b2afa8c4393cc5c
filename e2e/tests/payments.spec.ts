import { expect, expectNoSeriousA11yViolations, test, type Page } from '../support/test';
import { MONTH_NAMES_ES } from '@consorcio/domain';
import { freshAdmin, loginByApi, ownBuilding, uniqueEmail } from '../support/helpers';

/** The month `back` months before this one, as the API's path index and year. */
function monthBack(back: number) {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth() - back, 1);
  return { month: d.getMonth(), year: d.getFullYear(), name: MONTH_NAMES_ES[d.getMonth()]! };
}

/**
 * A world of the journey's own, built through the API as an administrator would: a building with
 * two apartments, two settled months, and a resident in 1A who has chosen their password. Journeys
 * stay independent of the demo data and of each other.
 */
async function ownWorld(admin: Page) {
  await freshAdmin(admin);
  const { id: buildingId, name, apartmentIds } = await ownBuilding(admin, 'Pagos');
  const months = [monthBack(2), monthBack(1)];
  for (const [i, m] of months.entries()) {
    const spent = await admin.request.post('/api/spendings/add', {
      data: {
        building: buildingId,
        date: `${m.year}-${String(m.month + 1).padStart(2, '0')}-10`,
        concept: 'Limpieza',
        supplier: 'Brillo',
        details: 'Mes',
        amount: 10000 + i * 5000,
      },
    });
    expect(spent.status()).toBe(201);
    const settled = await admin.request.post(`/api/expenses/add/${m.month}/${m.year}`, { data: { buildingId } });
    expect(settled.status()).toBe(201);
  }
  const email = uniqueEmail('vecina');
  const created = await admin.request.post('/api/users', {
    data: {
      name: 'Carla Pagano',
      email,
      password: 'Inicial2026',
      contact: '3514001122',
      isDeleted: false,
      apartment: apartmentIds[0],
      building: buildingId,
    },
  });
  expect(created.status()).toBe(201);
  return { buildingId, name, email, months };
}

/** The resident's first login: the password the administrator gave is swapped for their own. */
async function residentLogsIn(page: Page, email: string) {
  const first = await page.request.post('/api/loggings/loggingIn', { data: { email, password: 'Inicial2026' } });
  expect(first.status()).toBe(200);
  const { resetToken } = (await first.json()) as { resetToken: string };
  const changed = await page.request.put('/api/loggings/changepassword', { data: { newPass: 'Vecina2026', token: resetToken } });
  expect(changed.status()).toBe(200);
  await loginByApi(page, email, 'Vecina2026');
}

async function openMyExpenses(page: Page) {
  await page.goto('/public');
  await expect(page.getByRole('heading', { name: 'Mis datos' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'resident home');
  await page.getByRole('navigation', { name: 'Menú principal' }).first().getByRole('link', { name: 'Mis expensas' }).click();
  await expect(page.getByRole('heading', { name: 'Mis expensas' })).toBeVisible();
}

test('a resident pays an expense through the sandbox and gets its receipt; the administrator sees how it was paid and toggles another by hand', async ({
  page: resident,
  otherPage: admin,
}) => {
  test.slow();
  const w = await ownWorld(admin);
  const [older, newer] = w.months;
  await residentLogsIn(resident, w.email);

  // Mis expensas: both months owed, each with Pagar.
  await openMyExpenses(resident);
  const table = resident.getByRole('table', { name: 'Mis expensas' });
  const payOlder = table.getByRole('button', { name: new RegExp(`Pagar.*${older!.name}.*${older!.year}`, 'i') });
  await expect(payOlder).toBeVisible();
  await expect(table.getByRole('button', { name: new RegExp(`Pagar.*${newer!.name}.*${newer!.year}`, 'i') })).toBeVisible();
  await expectNoSeriousA11yViolations(resident, 'resident expenses with Pagar');

  // Pagar opens the checkout in a new tab: the sandbox page, with the amount read on the server (60% of $10.000).
  const [checkout] = await Promise.all([resident.waitForEvent('popup'), payOlder.click()]);
  await expect(checkout).toHaveURL(/\/pago-simulado\/\d+$/);
  await expect(checkout.getByRole('heading', { name: 'Pago simulado' })).toBeVisible();
  await expect(checkout.getByText(/6\.000,00/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(checkout, 'sandbox checkout');
  await checkout.getByRole('button', { name: 'Aprobar' }).click();

  // Back on the resident's page (the back_url), with the result told by our server.
  await expect(checkout).toHaveURL(/\/public\/expenses\/.+\?expensa=\d+&pago=\d+/);
  await expect(checkout.getByText('¡Pago acreditado! Gracias.')).toBeVisible();
  const backTable = checkout.getByRole('table', { name: 'Mis expensas' });
  const receiptLink = backTable.getByRole('link', { name: `Comprobante de ${older!.name} ${older!.year}` });
  await expect(receiptLink).toBeVisible();
  await expect(backTable.getByRole('button', { name: new RegExp(`Pagar.*${older!.name}`, 'i') })).toHaveCount(0);
  await expectNoSeriousA11yViolations(checkout, 'resident expenses after paying');

  await receiptLink.click();
  await expect(checkout.getByRole('heading', { name: 'Comprobante de pago' })).toBeVisible();
  await expect(checkout.getByText(/6\.000,00/).first()).toBeVisible();
  await expect(checkout.getByText(w.name)).toBeVisible();
  await expect(checkout.getByText('Pago simulado')).toBeVisible();
  await expect(checkout.getByRole('button', { name: 'Imprimir' })).toBeVisible();
  await expectNoSeriousA11yViolations(checkout, 'receipt');
  await checkout.close();

  // The administrator's expenses table shows how it was paid, with the receipt.
  await admin.goto(`/ExpensesTable?buildingId=${w.buildingId}`);
  await admin.getByRole('button', { name: 'Ver expensas del depto 1A' }).click();
  const rows = admin.getByRole('table', { name: 'Expensas del depto 1A' });
  const paidRow = rows.getByRole('row').filter({ hasText: older!.name });
  await expect(paidRow).toContainText('Pago simulado');
  await expect(paidRow.getByRole('link', { name: /Comprobante/ })).toBeVisible();
  await expectNoSeriousA11yViolations(admin, 'expenses table with an online payment');

  // An online payment is the provider's to undo: the toggle explains why not.
  await paidRow.getByRole('button', { name: /^Pagada/ }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(admin.getByRole('dialog')).toContainText('Esta expensa se pagó en línea');
  await admin.getByRole('dialog').getByRole('button', { name: 'Aceptar' }).click();
  await expect(paidRow.getByRole('button', { name: /^Pagada/ })).toBeVisible();

  // The other month is paid at the office: toggled by hand, recorded with who did it, then undone.
  const otherRow = rows.getByRole('row').filter({ hasText: newer!.name });
  await otherRow.getByRole('button', { name: /^Adeudada/ }).click();
  await expect(admin.getByRole('dialog')).toContainText('Vas a cambiar el estado de este pago, estás seguro?');
  await admin.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(otherRow.getByRole('button', { name: /^Pagada/ })).toBeVisible();
  await expect(otherRow).toContainText('Sofía Herrera');
  await expectNoSeriousA11yViolations(admin, 'expenses table with a manual payment');

  // The resident sees it paid too, with a receipt of its own.
  await openMyExpenses(resident);
  await expect(table.getByRole('link', { name: `Comprobante de ${newer!.name} ${newer!.year}` })).toBeVisible();

  await otherRow.getByRole('button', { name: /^Pagada/ }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(otherRow.getByRole('button', { name: /^Adeudada/ })).toBeVisible();
  await expect(otherRow).not.toContainText('Sofía Herrera');

  await resident.reload();
  await expect(table.getByRole('button', { name: new RegExp(`Pagar.*${newer!.name}.*${newer!.year}`, 'i') })).toBeVisible();
  await expectNoSeriousA11yViolations(resident, 'resident expenses after the manual payment was undone');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a rejected payment leaves the expense owed, and the resident can pay it again', async ({ page: resident, otherPage: admin }) => {
    test.slow();
    const w = await ownWorld(admin);
    const [older] = w.months;
    await admin.close();
    await residentLogsIn(resident, w.email);
    await resident.goto('/public');
    await expect(resident.getByRole('heading', { name: 'Mis datos' })).toBeVisible();
    await expectNoSeriousA11yViolations(resident, 'resident home on a phone');
    await resident.getByRole('button', { name: 'Abrir menú' }).click();
    await resident.getByRole('link', { name: 'Mis expensas' }).click();
    const table = resident.getByRole('table', { name: 'Mis expensas' });
    const pay = table.getByRole('button', { name: new RegExp(`Pagar.*${older!.name}.*${older!.year}`, 'i') });
    await expect(pay).toBeVisible();
    await expectNoSeriousA11yViolations(resident, 'resident expenses on a phone');

    const [checkout] = await Promise.all([resident.waitForEvent('popup'), pay.click()]);
    await expect(checkout.getByRole('heading', { name: 'Pago simulado' })).toBeVisible();
    await expectNoSeriousA11yViolations(checkout, 'sandbox checkout on a phone');
    await checkout.getByRole('button', { name: 'Rechazar' }).click();
    await expect(checkout.getByText('El pago no se acreditó')).toBeVisible();
    await expectNoSeriousA11yViolations(checkout, 'resident expenses after a rejected payment');
    const again = checkout
      .getByRole('table', { name: 'Mis expensas' })
      .getByRole('button', { name: new RegExp(`Pagar.*${older!.name}`, 'i') });
    await expect(again).toBeVisible();

    // Pagar again opens a new checkout, this time approved.
    const [second] = await Promise.all([checkout.waitForEvent('popup'), again.click()]);
    await expect(second.getByRole('heading', { name: 'Pago simulado' })).toBeVisible();
    await second.getByRole('button', { name: 'Aprobar' }).click();
    await expect(second.getByText('¡Pago acreditado! Gracias.')).toBeVisible();
    await expect(
      second.getByRole('table', { name: 'Mis expensas' }).getByRole('link', { name: `Comprobante de ${older!.name} ${older!.year}` }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(second, 'resident expenses paid on a phone');
  });
});
