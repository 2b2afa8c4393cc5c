import { expect, expectNoSeriousA11yViolations, test } from '../support/test';
import { DEMO_ADMIN, DEMO_RESIDENT, loginByApi, loginThroughUi } from '../support/helpers';
import { waitForMessage } from '../support/mailbox';

const NEIGHBOUR = { email: 'bruno.diaz@demo.com.ar', password: 'Vecino1234' };

// A small real PNG: the server judges uploads by content (and re-encodes them).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASUlEQVR4nO2WAQkAQAwCl8iY9rpmH2PPOFgAET03KV/drCuIgtChmqHYMtbxE8GIDtUMxZaxDqH4oKFDNUOxZcghBGOdjhwe1wcklb55fcUEqAAAAABJRU5ErkJggg==',
  'base64',
);
const uid = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a resident files a complaint with a photo; the administrator finds it in the bell, replies and closes it; the resident sees both', async ({
    page,
    otherPage: admin,
  }) => {
    const subject = `Pérdida de agua ${uid()}`;

    // The resident, on a phone.
    await loginThroughUi(page, DEMO_RESIDENT.email, DEMO_RESIDENT.password);
    await expect(page).toHaveURL(/\/public\/\d+$/);
    const home = page.url();
    await expect(page.getByRole('heading', { name: 'Mis datos' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'resident home');
    await page.goto(`${home}/complaints`);
    await expect(page.getByRole('heading', { name: 'Mis reclamos' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'my complaints');
    await page.getByRole('link', { name: 'Nuevo reclamo' }).click();
    await expect(page.getByRole('heading', { name: 'Nuevo reclamo' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'new complaint form');

    await page.getByRole('button', { name: 'Enviar reclamo' }).click();
    await expect(page.getByRole('dialog')).toContainText('Debe completar el concepto, la importancia y el edificio');
    await page.getByRole('button', { name: 'Aceptar' }).click();

    await page.getByLabel('Asunto').fill(subject);
    await page.getByRole('radio', { name: 'Alta' }).check();
    await page.getByLabel('Detalle').fill('Gotea el techo del baño desde el departamento de arriba.');
    await page.getByLabel('Foto del reclamo').setInputFiles({ name: 'techo.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Vista previa de la foto' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'new complaint form with a photo');
    await page.getByRole('button', { name: 'Enviar reclamo' }).click();
    await expect(page.getByText('Reclamo enviado correctamente!, pronto estaremos en contacto.')).toBeVisible();
    await expect(page).toHaveURL(/\/public\/\d+\/complaints/);
    const mine = page.getByRole('row', { name: new RegExp(subject) });
    await expect(mine).toContainText('Abierto');

    // The administrator: the bell shows it; opening the bell marks the shown ones seen.
    await loginByApi(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await admin.goto('/');
    const bell = admin.getByRole('button', { name: /Reclamos nuevos: [1-9]/ });
    await expect(bell).toBeVisible();
    await expectNoSeriousA11yViolations(admin, 'admin home with the bell');
    await bell.click();
    const box = admin.getByRole('dialog', { name: 'Reclamos nuevos' });
    await expect(box).toContainText(subject);
    await expectNoSeriousA11yViolations(admin, 'notification box');
    const shown = (await admin.request.get('/api/complaints/all', { params: { pageSize: 50 } }).then((r) => r.json())) as {
      items: { id: number; subject: string }[];
    };
    const id = shown.items.find((c) => c.subject === subject)!.id;
    await expect
      .poll(async () =>
        ((await (await admin.request.get('/api/complaints/unseen')).json()) as { items: { id: number }[] }).items.map((c) => c.id),
      )
      .not.toContain(id);

    await box.getByRole('link', { name: new RegExp(subject) }).click();
    const popup = admin.getByRole('dialog', { name: subject });
    await expect(popup).toContainText('Gotea el techo del baño');
    const photo = popup.getByRole('img', { name: `Foto del reclamo ${subject}` });
    await expect(photo).toBeVisible();
    await expect(photo).toHaveAttribute('src', /^\/api\/files\/complaints\/[0-9a-f-]+\.(png|jpg)$/);
    expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expectNoSeriousA11yViolations(admin, 'complaint popup');

    await popup.getByLabel('Su respuesta').fill('Mañana a las 10 pasa el plomero a revisar.');
    await popup.getByRole('button', { name: 'Enviar respuesta' }).click();
    await expect(popup).toContainText('Mañana a las 10 pasa el plomero');
    await popup.getByRole('button', { name: 'Cerrar Reclamo' }).click();
    const confirm = admin.getByRole('dialog', { name: '¿Cerrar este reclamo?' });
    await expect(confirm).toBeVisible();
    await expectNoSeriousA11yViolations(admin, 'close complaint confirmation');
    await confirm.getByRole('button', { name: 'Cerrar Reclamo' }).click();
    await expect(admin.getByText('Reclamo cerrado')).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Abrir Reclamo' })).toBeVisible();

    // The resident is told by e-mail, and sees the reply and the state Cerrado.
    await waitForMessage(DEMO_RESIDENT.email, (m) => m.subject.includes(subject) && m.text.includes('Mañana a las 10'));
    await page.reload();
    await expect(page.getByRole('row', { name: new RegExp(subject) })).toContainText('Cerrado');
    await expectNoSeriousA11yViolations(page, 'my complaints after the reply');
    await page.getByRole('link', { name: subject }).click();
    await expect(page.getByRole('heading', { name: subject })).toBeVisible();
    await expect(page.getByText('Cerrado').first()).toBeVisible();
    await expect(page.getByText('Mañana a las 10 pasa el plomero a revisar.')).toBeVisible();
    await expect(page.getByRole('img', { name: `Foto del reclamo: ${subject}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'complaint detail with the reply');
  });
});

test.describe('a camera photo on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a photo over 5 MB is scaled down on the phone before it is sent, instead of being refused', async ({ page }) => {
    const subject = `Humedad en la pared ${uid()}`;
    await loginByApi(page, NEIGHBOUR.email, NEIGHBOUR.password);
    const me = (await (await page.request.get('/api/loggings/session')).json()) as { id: number };
    await page.goto(`/public/AddComplaints/${me.id}`);
    await expect(page.getByRole('heading', { name: 'Nuevo reclamo' })).toBeVisible();

    // A camera-sized picture (4032×3024) of noise, which compresses badly: well over the limit.
    const photo = await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 4032;
      canvas.height = 3024;
      const context = canvas.getContext('2d')!;
      const pixels = context.createImageData(canvas.width, canvas.height);
      for (let i = 0; i < pixels.data.length; i += 4) {
        pixels.data[i] = Math.random() * 256;
        pixels.data[i + 1] = Math.random() * 256;
        pixels.data[i + 2] = (i / 4) % 256;
        pixels.data[i + 3] = 255;
      }
      context.putImageData(pixels, 0, 0);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.95));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(text);
    });
    const buffer = Buffer.from(photo, 'base64');
    expect(buffer.length).toBeGreaterThan(5 * 1024 * 1024);

    await page.getByLabel('Asunto').fill(subject);
    await page.getByRole('radio', { name: 'Media' }).check();
    await page.getByLabel('Detalle').fill('Mancha de humedad en la pared del living.');
    await page.getByLabel('Foto del reclamo').setInputFiles({ name: 'IMG_2041.JPG', mimeType: 'image/jpeg', buffer });
    // The preview is the picture as it will be sent: 1,600 pixels on its longest side.
    const preview = page.getByRole('img', { name: 'Vista previa de la foto' });
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([1600, 1200]);
    await expect(page.getByText('IMG_2041.jpg')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'new complaint form with a scaled-down photo');

    // The server answers 413 to a body over 5 MB: this one was accepted.
    const sent = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/api/complaints'));
    await page.getByRole('button', { name: 'Enviar reclamo' }).click();
    expect((await sent).status()).toBe(201);
    await expect(page.getByText('Reclamo enviado correctamente!, pronto estaremos en contacto.')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(subject) })).toContainText('Abierto');
    await expectNoSeriousA11yViolations(page, 'my complaints with the new one');
    await page.getByRole('link', { name: subject }).click();
    const stored = page.getByRole('img', { name: `Foto del reclamo: ${subject}` });
    await expect(stored).toBeVisible();
    await expect.poll(() => stored.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1600);
    await expectNoSeriousA11yViolations(page, 'complaint detail with the scaled-down photo');
  });
});
