import { expect, expectNoSeriousA11yViolations, test, type Page } from '../support/test';
import { DEMO_ADMIN, DEMO_RESIDENT, loginByApi, loginThroughUi } from '../support/helpers';
import { waitForMessage } from '../support/mailbox';

const SECOND_RESIDENT = { email: 'bruno.diaz@demo.com.ar', password: 'Vecino1234' };
// Amenity types are letters only.
const letters = () => Array.from({ length: 5 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');

/** Tomorrow in Argentina, YYYY-MM-DD (today's first window may already have passed). */
function tomorrow(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Cordoba' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const dmy = (iso: string) => iso.split('-').reverse().join('/');

async function anasBuilding(page: Page): Promise<{ id: number; name: string }> {
  const res = await page.request.get('/api/users/getall', { params: { pageSize: 500 } });
  const { items } = (await res.json()) as { items: { email: string; building: { id: number; name: string } }[] };
  return items.find((u) => u.email === DEMO_RESIDENT.email)!.building;
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the administrator creates an amenity and a week of slots; a resident books one and cancels it; a neighbour cannot take it; the Hora grouping shows it', async ({
    page,
    otherPage: admin,
    request,
  }) => {
    const type = `Quincho ${letters()}`;
    const day = tomorrow();

    // The administrator (desktop): a new amenity with two places per window, then a week of slots.
    await loginByApi(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const building = await anasBuilding(admin);
    await admin.goto('/amenityCreate');
    await expect(admin.getByRole('heading', { name: 'Nuevo amenity' })).toBeVisible();
    await expectNoSeriousA11yViolations(admin, 'new amenity form');
    await admin.getByLabel('Tipo').fill(type);
    await admin.getByLabel('Cantidad').fill('1');
    await admin.getByLabel('Turnos disponibles').fill('2');
    await admin.getByLabel('Detalle').fill('Quincho del último piso, con parrilla.');
    await admin.getByRole('combobox', { name: 'Edificio' }).click();
    await admin.getByRole('option', { name: building.name, exact: true }).click();
    await admin.getByRole('button', { name: 'Crear amenity' }).click();
    await expect(admin.getByText('Amenity creado exitosamente')).toBeVisible();

    await admin.goto(`/amenities/${building.id}`);
    const row = admin.getByRole('row', { name: new RegExp(type) });
    await expect(row).toBeVisible();
    await expectNoSeriousA11yViolations(admin, 'amenities list');
    await row
      .getByRole('button', { name: /Agregar turnos/ })
      .first()
      .click();
    const dialog = admin.getByRole('dialog');
    // Defaults: today and six more days, 07:30 to 21:30 in windows of 8 hours: one a day, two places each.
    await expect(dialog).toContainText('Se crearán 14 turnos');
    await expectNoSeriousA11yViolations(admin, 'slot generation dialog');
    await dialog.getByRole('button', { name: 'Crear 14 turnos' }).click();
    await expect(admin.getByText('Se crearon 14 turnos')).toBeVisible();

    // The resident (phone) books tomorrow's window.
    await loginThroughUi(page, DEMO_RESIDENT.email, DEMO_RESIDENT.password);
    await expect(page).toHaveURL(/\/public\/\d+$/);
    const home = page.url();
    await expect(page.getByRole('heading', { name: 'Mis datos' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'resident home');
    await page.goto(`${home}/Bookings?dia=${day}`);
    await expect(page.getByText(/bajo la responsabilidad de quien reserva/)).toBeVisible();
    const card = page.getByRole('region', { name: type });
    await card.getByRole('combobox', { name: 'Horario' }).click();
    await page.getByRole('option', { name: /07:30 – 15:30/ }).click();
    await expectNoSeriousA11yViolations(page, 'resident bookings');
    await card.getByRole('button', { name: `Reservar ${type}` }).click();
    await expect(page.getByText('Turno reservado', { exact: true })).toBeVisible();
    const mine = page.getByRole('table', { name: 'Mis reservas' });
    await expect(mine).toContainText(type);
    await expect(mine).toContainText(dmy(day));
    await expectNoSeriousA11yViolations(page, 'resident bookings with the new booking');

    // A neighbour cannot take the seat Ana holds (the other place of the window stays free).
    const login = await request.post('/api/loggings/loggingIn', { data: SECOND_RESIDENT });
    expect(login.status()).toBe(200);
    const bruno = (await login.json()) as { id: number; token: string };
    const amenities = (await (
      await admin.request.get('/api/amenities', { params: { buildingId: building.id, pageSize: 100 } })
    ).json()) as {
      items: { id: number; amenity_type: string }[];
    };
    const amenityId = amenities.items.find((a) => a.amenity_type === type)!.id;
    const booked = (await (
      await admin.request.get('/api/bookings', { params: { amenityId, start: day, status: 'booked', pageSize: 50 } })
    ).json()) as { items: { id: number; user: { name: string } | null }[] };
    expect(booked.items.map((b) => b.user?.name)).toEqual(['Ana Gómez']);
    const taken = await request.put(`/api/bookings/takeBooking/${booked.items[0]!.id}/${bruno.id}`, {
      headers: { Authorization: `Bearer ${bruno.token}` },
    });
    expect(taken.status()).toBe(409);
    expect(((await taken.json()) as { error: { message: string } }).error.message).toBe('El turno ya fue reservado');

    // The administrator's slot table, grouped by hour for that day, and its popup.
    await admin.goto(`/AmenitieDetail/${amenityId}/${encodeURIComponent(type)}?day=${day}&view=hora`);
    const grouped = admin.getByRole('table');
    await expect(grouped).toContainText('Ana Gómez');
    await expect(grouped).toContainText('1 de 2 reservados');
    await expectNoSeriousA11yViolations(admin, 'slots grouped by hour');
    await grouped.getByRole('button', { name: /1 de 2 reservados/ }).click();
    const popup = admin.getByRole('dialog');
    await expect(popup.getByRole('button', { name: 'Liberar Turno' })).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Cancelar Turno' })).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Reservar Turno' })).toBeVisible();
    await expectNoSeriousA11yViolations(admin, 'slot status popup');
    await admin.keyboard.press('Escape');

    // The resident cancels: it leaves Mis reservas.
    await mine.getByRole('button', { name: new RegExp(`Cancelar la reserva de ${type}`) }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'cancel booking confirmation');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar reserva' }).click();
    await expect(page.getByText('El turno se ha cancelado')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Mis reservas' }).getByText(type)).toHaveCount(0);

    // The administrator books a place of that window for Bruno, then frees the window: Bruno hears both.
    await admin.reload();
    await admin
      .getByRole('table')
      .getByRole('button', { name: /0 de 2 reservados/ })
      .click();
    await popup.getByRole('button', { name: 'Reservar Turno' }).click();
    await popup.getByRole('combobox', { name: 'Residente' }).click();
    await admin.getByRole('option', { name: /Bruno Díaz/ }).click();
    await popup.getByRole('button', { name: 'Confirmar reserva' }).click();
    await expect(admin.getByText('Turno reservado', { exact: true })).toBeVisible();
    const confirmed = await waitForMessage(SECOND_RESIDENT.email, (m) =>
      m.subject.startsWith(`Reserva confirmada: ${type} el ${dmy(day)}`),
    );
    expect(confirmed.text).toContain(`La administración de ${building.name} reservó para usted este turno:`);

    await admin
      .getByRole('table')
      .getByRole('button', { name: /1 de 2 reservados/ })
      .click();
    await popup.getByRole('button', { name: 'Liberar Turno' }).click();
    const ask = admin.getByRole('dialog', { name: '¿Liberar el turno?' });
    await expect(ask).toContainText('Se quitará la reserva de Bruno Díaz. Se le avisará por e-mail.');
    await expectNoSeriousA11yViolations(admin, 'free a booked window confirmation');
    await ask.getByRole('button', { name: 'Liberar Turno' }).click();
    await expect(admin.getByText('Turno liberado', { exact: true })).toBeVisible();
    const withdrawn = await waitForMessage(SECOND_RESIDENT.email, (m) => m.subject.startsWith(`Reserva cancelada: ${type} el ${dmy(day)}`));
    expect(withdrawn.text).toContain(`La administración de ${building.name} canceló su reserva:`);
  });
});
