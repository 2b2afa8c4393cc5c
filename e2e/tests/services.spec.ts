import { expect, expectNoSeriousA11yViolations, test } from '../support/test';
import { DEMO_ADMIN, DEMO_RESIDENT, loginByApi, loginThroughUi } from '../support/helpers';
import { waitForMessage } from '../support/mailbox';

const NEIGHBOUR = { email: 'bruno.diaz@demo.com.ar', password: 'Vecino1234' };
// Letters only, so a search for part of the title cannot match another journey's.
const letters = () => Array.from({ length: 6 }, () => 'bcdfghjklmnpqrstvwxz'[Math.floor(Math.random() * 20)]).join('');

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a resident proposes a service; the administrator accepts it; a neighbour finds it typing other accents and case, rates it and sees the new average', async ({
    page,
    otherPage: admin,
    browser,
    a11y,
  }) => {
    // Three people and nine screens, each scanned by axe: a long journey, given a longer ceiling.
    test.slow();
    const tag = letters();
    const title = `Jardinería Ñandú ${tag}`;

    // Ana proposes it, on her phone.
    await loginThroughUi(page, DEMO_RESIDENT.email, DEMO_RESIDENT.password);
    await expect(page).toHaveURL(/\/public\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Mis datos' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'resident home');
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('link', { name: 'Servicios Utiles' }).click();
    await expect(page).toHaveURL(/\/public\/contservices\/\d+$/);
    const buildingId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByRole('heading', { name: 'Servicios Utiles' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'service cards');
    await page.getByRole('link', { name: 'Proponer un servicio' }).click();
    await expect(page.getByRole('heading', { name: 'Proponer un servicio' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'service proposal form');

    await page.getByRole('button', { name: 'Enviar propuesta' }).click();
    await expect(page.getByRole('dialog')).toContainText('Debe completar el título, el proveedor, el contacto y el edificio');
    await page.getByRole('dialog').getByRole('button', { name: 'Aceptar' }).click();
    await page.getByLabel('Título').fill(title);
    await page.getByLabel('Proveedor').fill('Viveros del Suquía');
    await page.getByLabel('Contacto').fill('llamar al portero');
    await page.getByLabel('Detalle').fill('Poda, césped y riego del patio interno.');
    await page.getByRole('button', { name: 'Enviar propuesta' }).click();
    await expect(page.getByText('El campo ingresado en contacto debe ser un número o un email').first()).toBeVisible();
    if (await page.getByRole('dialog').isVisible()) await page.getByRole('dialog').getByRole('button', { name: 'Aceptar' }).click();
    await page.getByLabel('Contacto').fill('+54 9 351 555-0199');
    await page.getByRole('button', { name: 'Enviar propuesta' }).click();
    await expect(page.getByText('Propuesta enviada')).toBeVisible();
    await expect(page.getByRole('status')).toContainText(title);
    await expectNoSeriousA11yViolations(page, 'service proposal sent');

    // Pending: not among Ana's cards.
    await page.getByRole('link', { name: 'Volver a Servicios Utiles' }).click();
    await page.getByLabel('Buscar por título').fill(tag);
    await expect(page.getByText('Ningún servicio coincide con la búsqueda')).toBeVisible();

    // The building's administrator gets an e-mail, and accepts it from /services.
    const mail = await waitForMessage(DEMO_ADMIN.email, (m) => m.text.includes(title));
    expect(mail.text).toContain('Viveros del Suquía');
    await loginByApi(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await admin.goto(`/services?buildingId=${buildingId}&accepted=false`);
    await expect(admin.getByRole('heading', { name: 'Servicios Utiles' })).toBeVisible();
    const row = admin.getByRole('row', { name: new RegExp(tag) });
    await expect(row).toContainText('Pendiente');
    await expectNoSeriousA11yViolations(admin, 'admin services list, pending');
    await row.getByRole('button', { name: title }).click();
    const popup = admin.getByRole('dialog', { name: title });
    await expect(popup).toContainText('Viveros del Suquía');
    await expect(popup).toContainText('Poda, césped y riego del patio interno.');
    await expectNoSeriousA11yViolations(admin, 'admin service popup');
    await popup.getByRole('button', { name: 'Aceptar' }).click();
    const confirm = admin.getByRole('dialog', { name: /Aceptar este servicio/ });
    await confirm.getByRole('button', { name: 'Aceptar' }).click();
    await expect(admin.getByText('Servicio aceptado')).toBeVisible();
    await expect(popup).toContainText('Aceptado');
    await popup.getByRole('button', { name: 'Cerrar' }).click();
    // Filtered to Pendiente, the list no longer holds it.
    await expect(admin.getByRole('row', { name: new RegExp(tag) })).toHaveCount(0);

    // Bruno, a neighbour, on his own phone: types part of the title with other accents and case.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await a11y.watch(context);
    const bruno = await context.newPage();
    await loginByApi(bruno, NEIGHBOUR.email, NEIGHBOUR.password);
    await bruno.goto(`/public/contservices/${buildingId}`);
    await expect(bruno.getByRole('article').first()).toBeVisible();
    const search = bruno.getByLabel('Buscar por título');
    await search.fill(`JARDINERIA nandu ${tag.toUpperCase()}`);
    const option = bruno.getByRole('option', { name: title });
    await expect(option).toBeVisible();
    await expectNoSeriousA11yViolations(bruno, 'service search with suggestions');
    await option.click();
    const card = bruno.getByRole('article', { name: title });
    await expect(card).toContainText('Sin calificaciones');
    await expect(bruno.getByRole('article')).toHaveCount(1);

    await card.getByRole('button', { name: `Calificar ${title}` }).click();
    const rate = bruno.getByRole('dialog', { name: `Calificar «${title}»` });
    await expect(rate).toBeVisible();
    await expectNoSeriousA11yViolations(bruno, 'rating popup');
    // The fourth star, tapped (MUI's radios sit under their star labels).
    await rate
      .locator('label')
      .filter({ hasText: /^4 estrellas/ })
      .click();
    await expect(rate.getByRole('radio', { name: /^4 estrellas/ })).toBeChecked();
    await rate.getByRole('button', { name: 'Guardar' }).click();
    await expect(bruno.getByText('Calificación guardada')).toBeVisible();
    await expect(card).toContainText('4,0 · 1 calificación');
    await expect(card).toContainText('Tu calificación: 4');
    await expectNoSeriousA11yViolations(bruno, 'service card after rating');

    // Ana, still on her search (kept in the address), opens the page again: the same average, no rating of her own.
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
    await page.reload();
    const anasCard = page.getByRole('article', { name: title });
    await expect(anasCard).toContainText('4,0 · 1 calificación');
    await expect(anasCard).not.toContainText('Tu calificación');
    await expectNoSeriousA11yViolations(page, 'service cards with the new one');
    await context.close();
  });
});
