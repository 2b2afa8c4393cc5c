import { expect, expectNoSeriousA11yViolations, test, type Page } from '../support/test';
import { DEMO_ADMIN, DEMO_RESIDENT, loginByApi, loginThroughUi } from '../support/helpers';
import { waitForMessage } from '../support/mailbox';

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** The demo building Ana (subscribed to every alert) lives in, as the administrator sees it. */
async function anasBuilding(page: Page): Promise<{ id: number; name: string }> {
  const res = await page.request.get('/api/users/getall', { params: { pageSize: 500 } });
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: { email: string; building: { id: number; name: string } }[] };
  return items.find((u) => u.email === DEMO_RESIDENT.email)!.building;
}

test('an administrator posts an alert from the building, finds it on the calendar, edits it, and the subscribed resident is e-mailed both times', async ({
  page,
}) => {
  await loginByApi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const building = await anasBuilding(page);
  const concept = `Corte de gas programado ${uid()}`;

  await page.goto(`/buildingDetail/${building.id}`);
  const calendar = page.getByRole('region', { name: 'Calendario de alertas' });
  // The calendar is drawn once it comes near the screen.
  await calendar.scrollIntoViewIfNeeded();
  await expect(calendar.getByRole('button', { name: 'Mes siguiente' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'building detail with the alerts calendar');

  await calendar.getByRole('link', { name: 'Nueva alerta' }).click();
  await expect(page.getByRole('heading', { name: 'Nueva alerta' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'new alert form');
  // Nothing typed yet: the §5 message, before any call.
  await page.getByRole('button', { name: 'Crear alerta' }).click();
  await expect(page.getByRole('dialog')).toContainText('Debe completar el concepto, la importancia y el edificio');
  await page.getByRole('button', { name: 'Aceptar' }).click();

  // The building comes preselected and the date is today.
  await expect(page.getByRole('combobox', { name: 'Edificio' })).toContainText(building.name);
  await page.getByLabel('Concepto').fill(concept);
  await page.getByLabel('Detalle').fill('Se corta el gas de 9 a 13 por el cambio de medidores.');
  await page.getByRole('radio', { name: 'Alta' }).check();
  await page.getByRole('button', { name: 'Crear alerta' }).click();
  await expect(page.getByText('Se ha creado la alerta!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/buildingDetail/${building.id}`));
  await calendar.scrollIntoViewIfNeeded();

  // On the calendar, cut to 20 characters plus '…'; its popup has the whole alert and Editar.
  const event = calendar.getByRole('button', { name: new RegExp(`^${concept}, importancia alta`) });
  await expect(event).toBeVisible();
  await expect(event).toContainText(`${concept.slice(0, 20)}…`);
  await event.click();
  const popup = page.getByRole('dialog', { name: concept });
  await expect(popup).toContainText('Se corta el gas de 9 a 13');
  await expect(popup).toContainText('Alta');
  await expectNoSeriousA11yViolations(page, 'alert popup on the calendar');
  await popup.getByRole('link', { name: 'Editar' }).click();

  await expect(page.getByRole('heading', { name: 'Editar alerta' })).toBeVisible();
  await expect(page.getByLabel('Concepto')).toHaveValue(concept);
  await expectNoSeriousA11yViolations(page, 'edit alert form');
  await page.getByLabel('Detalle').fill('Se corta el gas de 10 a 14 por el cambio de medidores.');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('Se ha modificado la alerta!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/buildingDetail/${building.id}`));
  await calendar.scrollIntoViewIfNeeded();
  await calendar.getByRole('button', { name: new RegExp(`^${concept}`) }).click();
  await expect(page.getByRole('dialog', { name: concept })).toContainText('de 10 a 14');
  await expectNoSeriousA11yViolations(page, 'edited alert popup');

  // Ana, subscribed to every alert, gets the notice and then the correction, each with a one-click unsubscribe.
  const notice = await waitForMessage(DEMO_RESIDENT.email, (m) => m.subject.includes(concept) && !/Fe de erratas/i.test(m.subject));
  expect(notice.text).toContain('de 9 a 13');
  expect(notice.text).toContain(building.name);
  expect(notice.headers['list-unsubscribe']).toMatch(/\/api\/subscriptions\/unsubscribe\?token=/);
  expect(notice.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const correction = await waitForMessage(DEMO_RESIDENT.email, (m) => m.subject.includes(concept) && /Fe de erratas/i.test(m.subject));
  expect(correction.text).toContain('de 10 a 14');

  // The list finds it by building and importance, and deleting asks first.
  await page.goto(`/alerts?buildingId=${building.id}&importance=alta`);
  const table = page.getByRole('table', { name: 'Alertas' });
  await expect(table).toContainText(concept);
  await expectNoSeriousA11yViolations(page, 'alerts list filtered');
  await table.getByRole('link', { name: new RegExp(`Editar.*${concept}`) }).click();
  await page.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Eliminar' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'delete alert confirmation');
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Se ha eliminado la alerta!')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Alertas' })).not.toContainText(concept);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a resident reads the news in the home carousel and on the building calendar, with no Editar', async ({ page }) => {
    await loginThroughUi(page, DEMO_RESIDENT.email, DEMO_RESIDENT.password);
    await expect(page).toHaveURL(/\/public\/\d+$/);
    const home = page.url();

    const news = page.getByRole('list', { name: 'Novedades' });
    await expect(news.getByRole('listitem').first()).toBeVisible();
    expect(await news.getByRole('listitem').count()).toBeLessThanOrEqual(4);
    await expectNoSeriousA11yViolations(page, 'resident home with the news carousel');
    const firstOnPage1 = await news.getByRole('listitem').first().innerText();
    await page.getByRole('button', { name: 'Página siguiente' }).click();
    await expect(page.getByText(/Página 2 de \d+/)).toBeVisible();
    await expect(news.getByRole('listitem').first()).not.toHaveText(firstOnPage1);
    await page.getByRole('button', { name: 'Página anterior' }).click();
    await news.getByRole('listitem').first().getByRole('button').first().click();
    const popup = page.getByRole('dialog');
    await expect(popup).toContainText('Importancia');
    await expect(popup).toContainText(/\d{2}\/\d{2}\/\d{4}/);
    await expect(popup.getByRole('link', { name: 'Editar' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'news popup');
    await popup.getByRole('button', { name: 'Cerrar' }).click();

    await page.goto(`${home}/calendar`);
    const calendar = page.getByRole('region', { name: 'Calendario de alertas' });
    await expect(page.getByText('Nro. catastral')).toBeVisible();
    await calendar.scrollIntoViewIfNeeded();
    // The demo has alta and media alerts this month in every building.
    const event = calendar.getByRole('button', { name: /importancia (alta|media)/ }).first();
    await expect(event).toBeVisible();
    await expect(calendar.getByRole('link', { name: 'Nueva alerta' })).toHaveCount(0);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page, 'resident building calendar');
    await event.click();
    await expect(page.getByRole('dialog')).toContainText('Importancia');
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Editar' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'resident calendar popup');
    await page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).click();

    // Next month comes from the server too (the demo has alerts there).
    const nextMonth = page.waitForResponse((r) => /\/api\/alerts\/building\/\d+\?/.test(r.url()) && r.status() === 200);
    await calendar.getByRole('button', { name: 'Mes siguiente' }).click();
    await nextMonth;
    await expect(calendar.getByRole('button', { name: /importancia (alta|media)/ }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'resident calendar, next month');

    await page.goto(`${home}/subscriptions`);
    await expect(page.getByText('Está suscripto a TODAS las alertas')).toBeVisible();
    await expect(page.getByRole('radio', { name: /TODAS/ })).toBeChecked();
    await expect(page.getByLabel('Enlace privado de su calendario')).toHaveValue(/\/api\/alerts\/feed\/.+\.ics$/);
    await expectNoSeriousA11yViolations(page, 'subscriptions');
  });
});
