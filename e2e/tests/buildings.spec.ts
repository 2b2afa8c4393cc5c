import { expect, expectNoSeriousA11yViolations, test, type Page } from '../support/test';
import { geocoderQueries } from '../support/geocoder';
import { freshAdmin } from '../support/helpers';

// A small real PNG: the server judges uploads by content.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASUlEQVR4nO2WAQkAQAwCl8iY9rpmH2PPOFgAET03KV/drCuIgtChmqHYMtbxE8GIDtUMxZaxDqH4oKFDNUOxZcghBGOdjhwe1wcklb55fcUEqAAAAABJRU5ErkJggg==',
  'base64',
);

// Unique across parallel workers: time alone can repeat when two journeys start together.
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

/** The map of the home page, scrolled into view: it is drawn once it comes near the screen. */
async function showMap(page: Page): Promise<void> {
  await page.getByRole('region', { name: 'Mapa de edificios' }).scrollIntoViewIfNeeded();
}

/** Where a building's marker points, in pixels from the centre of the map (Leaflet's icon anchor is 12, 41). */
async function markerFromCentre(page: Page, name: string): Promise<{ dx: number; dy: number }> {
  const map = (await page.locator('.leaflet-container').boundingBox())!;
  const icon = (await page.locator(`.leaflet-marker-icon[title="${name}"]`).boundingBox())!;
  return { dx: icon.x + 12 - (map.x + map.width / 2), dy: icon.y + 41 - (map.y + map.height / 2) };
}

const building = (name: string, more: object = {}) => ({
  name,
  cata: '11-05-000-001',
  address: 'Dirección de prueba 100',
  floor: 3,
  cant_apartments: 6,
  ...more,
});

test('an administrator creates a building with an image, finds it in the carousel, on the map and in the list, and edits it', async ({
  page,
}) => {
  await freshAdmin(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Mis Edificios' })).toBeVisible();
  await expect(page.getByText('Todavía no tiene edificios')).toBeVisible();
  // Tiles point at a dead address in these runs: the map still renders its controls.
  await expect(page.getByRole('button', { name: 'Zoom in' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'admin home without buildings');

  await page.getByRole('link', { name: 'Nuevo edificio' }).first().click();
  await expect(page).toHaveURL(/\/buildingadd$/);
  await expect(page.getByRole('button', { name: 'Crear edificio' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'new building form');

  // Validation of §5, shared with the server.
  await page.getByRole('button', { name: 'Crear edificio' }).click();
  await expect(page.getByRole('dialog', { name: 'Por favor revise los datos!' })).toContainText('Debe completar todos los campos');
  await expectNoSeriousA11yViolations(page, 'new building warning dialog');
  await page.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByText('Debe completar todos los campos').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'new building form with field errors');
  await page.getByLabel('Pisos').pressSequentially('7a');
  await expect(page.getByText('Solo puedes ingresar numeros!')).toBeVisible();
  await expect(page.getByLabel('Pisos')).toHaveValue('7');

  const name = unique('Torre Jacarandá');
  await page.getByLabel('Nombre').fill(name);
  await page.getByLabel('Nro. catastral').fill('11-09-777-001');
  // No geocoder in these runs: the address is typed by hand, coordinates too.
  await page.getByLabel('Dirección').fill('Av. Vélez Sarsfield 500, Córdoba');
  await page.getByLabel('Departamentos').fill('12');
  await page.getByLabel('Latitud').fill('-31.4290');
  await page.getByLabel('Longitud').fill('-64.1880');
  await page.getByLabel('Imagen del edificio').setInputFiles({ name: 'frente.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Vista previa de la imagen elegida' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'new building form filled, with an image preview');
  await page.getByRole('button', { name: 'Crear edificio' }).click();

  await expect(page.getByText('Edificio Creado!')).toBeVisible();
  await expect(page).toHaveURL(/\/buildingDetail\/\d+$/);
  const id = page.url().split('/').pop();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const photo = page.getByRole('img', { name: `Foto de ${name}` });
  await expect(photo).toHaveAttribute('src', /^\/api\/files\/buildings\/[0-9a-f-]+\.png$/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
  await expect(page.getByText('Av. Vélez Sarsfield 500, Córdoba')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'building detail');

  // Home: the carousel card with its Detalle link, and a marker on the map.
  await page.getByRole('link', { name: 'Inicio' }).click();
  await expect(page).toHaveURL(/\/$/);
  const card = page.getByRole('listitem', { name });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name: `Foto de ${name}` })).toBeVisible();
  await expect(card).toContainText('Av. Vélez Sarsfield 500, Córdoba');
  await showMap(page);
  await expect(page.locator(`.leaflet-marker-icon[title="${name}"]`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'admin home with a building');
  await card.getByRole('link', { name: `Detalle de ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/buildingDetail/${id}$`));

  // The list, then edit: blank fields keep their values.
  await page.goto('/buildings');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('11-09-777-001');
  await expect(row).toContainText('12');
  await expectNoSeriousA11yViolations(page, 'buildings list');
  await row.getByRole('link', { name: `Editar ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/BuildingUpdate/${id}$`));
  await expect(page.getByLabel('Nro. catastral')).toHaveValue('11-09-777-001');
  await expectNoSeriousA11yViolations(page, 'edit building form');
  await page.getByLabel('Nro. catastral').fill('');
  await page.getByLabel('Pisos').fill('9');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('Se guardaron los cambios!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/buildingDetail/${id}$`));
  await expect(page.getByText('11-09-777-001')).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^9$/ })).toBeVisible();

  // The lower-case route is the same screen.
  await page.goto(`/buildingupdate/${id}`);
  await expect(page.getByRole('heading', { name: `Editar ${name}` })).toBeVisible();
});

test('the map frames buildings with coordinates; one without sits at the default centre without moving the view', async ({ page }) => {
  await freshAdmin(page);
  const nowhere = unique('Sin Ubicación');
  expect((await page.request.post('/api/buildings', { data: building(nowhere) })).status()).toBe(201);

  // None located: the default view, with the marker at its centre.
  await page.goto('/');
  await showMap(page);
  await expect(page.locator(`.leaflet-marker-icon[title="${nowhere}"]`)).toBeVisible();
  await expect.poll(async () => Math.hypot(...Object.values(await markerFromCentre(page, nowhere)))).toBeLessThan(3);

  // One located (Buenos Aires, far from Córdoba): the view centres on it, the other marker stays put off-screen.
  const porteno = unique('Torre Porteña');
  const created = await page.request.post('/api/buildings', { data: building(porteno, { latitude: -34.6037, longitude: -58.3816 }) });
  expect(created.status()).toBe(201);
  await page.reload();
  await showMap(page);
  await expect(page.locator('.leaflet-marker-icon')).toHaveCount(2);
  await expect.poll(async () => Math.hypot(...Object.values(await markerFromCentre(page, porteno)))).toBeLessThan(3);
  const far = await markerFromCentre(page, nowhere);
  expect(Math.abs(far.dx) + Math.abs(far.dy)).toBeGreaterThan(2000);

  // Two located: both in view, the unlocated one still outside it.
  const cordobes = unique('Torre Cordobesa');
  await page.request.post('/api/buildings', { data: building(cordobes, { latitude: -31.4, longitude: -64.18 }) });
  await page.reload();
  await showMap(page);
  await expect(page.locator('.leaflet-marker-icon')).toHaveCount(3);
  // The view is fitted once the markers are in: wait for it rather than measure the first frame.
  await expect(async () => {
    const box = (await page.locator('.leaflet-container').boundingBox())!;
    for (const name of [porteno, cordobes]) {
      const { dx, dy } = await markerFromCentre(page, name);
      expect(Math.abs(dx)).toBeLessThan(box.width / 2);
      expect(Math.abs(dy)).toBeLessThan(box.height / 2);
    }
  }).toPass();
});

test('a file that only looks like a picture is refused by the server, and the form lets it go', async ({ page }) => {
  await freshAdmin(page);
  await page.goto('/buildingadd');
  const name = unique('Edificio Disfraz');
  await page.getByLabel('Nombre').fill(name);
  await page.getByLabel('Nro. catastral').fill('11-06-000-001');
  await page.getByLabel('Dirección').fill('Caseros 200, Córdoba');
  await page.getByLabel('Pisos').fill('3');
  await page.getByLabel('Departamentos').fill('6');
  // Named .png and typed image/png, but text inside: only the server, reading the content, can tell.
  await page
    .getByLabel('Imagen del edificio')
    .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('<?php echo 1; ?>') });
  await expect(page.getByText('foto.png')).toBeVisible();
  await page.getByRole('button', { name: 'Crear edificio' }).click();
  const refused = page.getByRole('dialog', { name: 'Tipo de archivo no soportado' });
  await expect(refused).toContainText('Los archivos solo pueden ser JPG, PNG o JPEG');
  await expectNoSeriousA11yViolations(page, 'file refused dialog');
  await refused.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByText('foto.png')).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Vista previa de la imagen elegida' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Elegir imagen' })).toBeVisible();
  // Without the bad file the same form saves.
  await page.getByRole('button', { name: 'Crear edificio' }).click();
  await expect(page.getByText('Edificio Creado!')).toBeVisible();
  await expect(page.getByRole('heading', { name })).toBeVisible();
});

test('choosing an address suggestion fills the coordinates; editing the address afterwards clears them', async ({ page }) => {
  await freshAdmin(page);
  // The journeys' server asks a Nominatim-compatible stand-in (support/geocoder-server.ts).
  const before = (await geocoderQueries()).length;
  await page.goto('/buildingadd');
  const address = page.getByRole('combobox', { name: 'Dirección' });
  await address.pressSequentially('San Juan 650');
  await expect(page.getByRole('option', { name: 'Bv. San Juan 650, Córdoba, Argentina' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'new building form with address suggestions');
  await page.getByRole('option', { name: 'Bv. San Juan 650, Córdoba, Argentina' }).click();
  await expect(address).toHaveValue('Bv. San Juan 650, Córdoba, Argentina');
  await expect(page.getByLabel('Latitud')).toHaveValue('-31.4215');
  await expect(page.getByLabel('Longitud')).toHaveValue('-64.1925');
  const asked = (await geocoderQueries()).slice(before);
  expect(asked).toContain('San Juan 650');
  expect(asked.length, 'typing is debounced').toBeLessThan(4);

  // The address no longer matches the place chosen: its coordinates go.
  await address.press('End');
  await address.press('Backspace');
  await expect(page.getByLabel('Latitud')).toHaveValue('');
  await expect(page.getByLabel('Longitud')).toHaveValue('');

  // Chosen again and saved: the building is on the map at that place.
  await address.fill('San Juan 650');
  await page.getByRole('option', { name: 'Bv. San Juan 650, Córdoba, Argentina' }).click();
  const name = unique('Torre San Juan');
  await page.getByLabel('Nombre').fill(name);
  await page.getByLabel('Nro. catastral').fill('11-07-000-001');
  await page.getByLabel('Pisos').fill('10');
  await page.getByLabel('Departamentos').fill('20');
  await page.getByRole('button', { name: 'Crear edificio' }).click();
  await expect(page.getByText('Edificio Creado!')).toBeVisible();
  const id = page.url().split('/').pop();
  const saved = await (await page.request.get(`/api/buildings/findBuilding?id=${id}`)).json();
  expect([saved.address, saved.latitude, saved.longitude]).toEqual(['Bv. San Juan 650, Córdoba, Argentina', -31.4215, -64.1925]);

  // Editing: emptying both coordinate boxes removes them (the form shows them, so blank is a choice).
  await page.goto(`/BuildingUpdate/${id}`);
  await expect(page.getByLabel('Latitud')).toHaveValue('-31.4215');
  await expectNoSeriousA11yViolations(page, 'edit building form with coordinates');
  await page.getByLabel('Latitud').fill('');
  await page.getByLabel('Longitud').fill('');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('Se guardaron los cambios!')).toBeVisible();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const cleared = await (await page.request.get(`/api/buildings/findBuilding?id=${id}`)).json();
  expect([cleared.address, cleared.latitude, cleared.longitude]).toEqual(['Bv. San Juan 650, Córdoba, Argentina', null, null]);
});

test('apartments: Spanish validation messages, create, conflicts, edit and delete', async ({ page }) => {
  await freshAdmin(page);
  const created = await page.request.post('/api/buildings', {
    data: { name: unique('Edificio Las Rosas'), cata: '11-03-100-200', address: 'Obispo Trejo 300, Córdoba', floor: 4, cant_apartments: 8 },
  });
  expect(created.status()).toBe(201);
  const building = await created.json();

  await page.goto(`/buildingDetail/${building.id}`);
  await expect(page.getByText('Este edificio todavía no tiene departamentos.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'building detail without apartments');
  await page.getByRole('link', { name: 'Agregar departamento' }).click();
  await expect(page).toHaveURL(new RegExp(`/apartmentadd/${building.id}$`));
  await expect(page.getByLabel('Número de departamento')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'new apartment form');

  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('dialog', { name: 'DEBE COMPLETAR TODOS LOS CAMPOS CORRECTAMENTE' })).toBeVisible();
  await page.getByRole('button', { name: 'Aceptar' }).click();

  await page.getByLabel('Número de departamento').fill('1a');
  await page.getByLabel('Nro. catastral del departamento').fill('U');
  await page.getByLabel('Superficie (m²)').pressSequentially('5x');
  await expect(page.getByText('Solo se permiten numeros, comas y puntos')).toBeVisible();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByText('Solo se permiten mayusculas y numeros')).toBeVisible();
  await expect(page.getByText('Es muy corto').first()).toBeVisible();
  await page.getByLabel('Nro. catastral del departamento').fill('U#1');
  await expect(page.getByText('Contiene caracteres no aceptados')).toBeVisible();
  // The server keeps two decimals: the form says so instead of failing on save.
  await page.getByLabel('Superficie (m²)').fill('62,555');
  await expect(page.getByText('Solo se permiten hasta 2 decimales')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'new apartment form with field errors');

  await page.getByLabel('Número de departamento').fill('1A');
  await page.getByLabel('Nro. catastral del departamento').fill('UF 101');
  await page.getByLabel('Superficie (m²)').fill('55,5');
  await page.getByRole('radio', { name: 'OCUPADO', exact: true }).check();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Departamento creado exitosamente')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/buildingDetail/${building.id}$`));
  const row = page.getByRole('row').filter({ hasText: '1A' });
  await expect(row).toContainText('Activo');
  await expect(row).toContainText('55,5');
  await expectNoSeriousA11yViolations(page, 'building detail with an apartment');

  // The same number again in this building.
  await page.goto(`/apartmentadd/${building.id}`);
  await page.getByLabel('Número de departamento').fill('1A');
  await page.getByLabel('Nro. catastral del departamento').fill('UF 102');
  await page.getByLabel('Superficie (m²)').fill('40');
  await page.getByRole('button', { name: 'Guardar' }).click();
  const dup = page.getByRole('dialog', { name: 'No se cargó el dpto' });
  await expect(dup).toContainText('no esté ya creado');
  await dup.getByRole('button', { name: 'Aceptar' }).click();
  await page.getByRole('link', { name: 'Cancelar' }).click();

  // Edit: renumbering an occupied apartment is refused; vacant first, then renumber.
  await page.getByRole('link', { name: 'Editar departamento 1A' }).click();
  await expect(page.getByLabel('Superficie (m²)')).toHaveValue('55,50');
  await expect(page.getByRole('radio', { name: 'OCUPADO', exact: true })).toBeChecked();
  await expectNoSeriousA11yViolations(page, 'edit apartment form');
  await page.getByLabel('Número de departamento').fill('2C');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  const refused = page.getByRole('dialog', { name: 'Error al modificar el dpto' });
  await expect(refused).toContainText('desocupado');
  await refused.getByRole('button', { name: 'Aceptar' }).click();
  await page.getByLabel('Número de departamento').fill('1A');
  await page.getByRole('radio', { name: 'DESOCUPADO' }).check();
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('Departamento modificado exitosamente!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '1A' })).toContainText('Desocupado');

  await page.getByRole('link', { name: 'Editar departamento 1A' }).click();
  await page.getByLabel('Número de departamento').fill('2C');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('Departamento modificado exitosamente!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '2C' })).toBeVisible();

  // Delete, after a confirmation.
  await page.getByRole('link', { name: 'Editar departamento 2C' }).click();
  await page.getByRole('button', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Está seguro de eliminar este departamento?' });
  await expect(confirm).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'delete apartment confirmation');
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/apartment\/\d+$/);
  await page.getByRole('button', { name: 'Eliminar' }).click();
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Departamento Eliminado Exitosamente')).toBeVisible();
  await expect(page.getByText('Este edificio todavía no tiene departamentos.')).toBeVisible();
});

test('deleting a building asks first and removes it from the list', async ({ page }) => {
  await freshAdmin(page);
  const name = unique('Edificio Efímero');
  const created = await page.request.post('/api/buildings', {
    data: { name, cata: '11-04-001-001', address: 'Chacabuco 100, Córdoba', floor: 2, cant_apartments: 2 },
  });
  const building = await created.json();
  await page.goto(`/BuildingUpdate/${building.id}`);
  await page.getByRole('button', { name: 'Borrar edificio' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Está seguro de borrar este edificio?' });
  await expect(confirm).toContainText('quedan archivados');
  await expectNoSeriousA11yViolations(page, 'delete building confirmation');
  await confirm.getByRole('button', { name: 'Borrar' }).click();
  await expect(page.getByText('Edificio borrado con exito!')).toBeVisible();
  await expect(page).toHaveURL(/\/buildings$/);
  await expect(page.getByText('Todavía no tiene edificios.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'empty buildings list');
  await page.goto(`/buildingDetail/${building.id}`);
  await expect(page.getByText('No se encontró el edificio.')).toBeVisible();
});

test('the demo buildings show their pictures in the carousel', async ({ page }) => {
  await page.request.post('/api/loggings/loggingIn', { data: { email: 'admin@consorcio.com.ar', password: 'Admin1234' } });
  await page.goto('/');
  for (const name of ['Torre Cañada', 'Edificio Nueva Córdoba', 'Residencias del Cerro']) {
    const img = page.getByRole('listitem', { name }).getByRole('img', { name: `Foto de ${name}` });
    await expect(img).toHaveAttribute('src', /^\/demo\/.+\.jpg$/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  }
  await showMap(page);
  await expect(page.locator('.leaflet-marker-icon')).toHaveCount(3);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the carousel moves with its buttons and the list keeps its Editar action', async ({ page }) => {
    await page.request.post('/api/loggings/loggingIn', { data: { email: 'admin@consorcio.com.ar', password: 'Admin1234' } });
    await page.goto('/');
    const track = page.getByRole('list').filter({ has: page.getByRole('listitem', { name: 'Torre Cañada' }) });
    await expect(track).toBeVisible();
    expect(await track.evaluate((el) => el.scrollLeft)).toBe(0);
    await expectNoSeriousA11yViolations(page, 'admin home on a phone');
    await page.getByRole('button', { name: 'Edificio siguiente' }).click();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
    await page.getByRole('button', { name: 'Edificio anterior' }).click();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBe(0);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.goto('/buildings');
    await expect(page.getByRole('link', { name: 'Editar Torre Cañada' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'buildings list on a phone');
    await page.getByRole('link', { name: 'Editar Torre Cañada' }).click();
    await expect(page.getByRole('heading', { name: 'Editar Torre Cañada' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
