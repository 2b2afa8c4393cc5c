import { expect, expectNoSeriousA11yViolations, test } from '../support/test';
import { DEMO_RESIDENT, loginByApi } from '../support/helpers';

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a resident opens Gastos del edificio from the drawer, filters by concept and opens a month’s statement, then comes back', async ({
    page,
  }) => {
    await loginByApi(page, DEMO_RESIDENT.email, DEMO_RESIDENT.password);
    await page.goto('/public');
    await expect(page.getByRole('heading', { name: 'Mis datos' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'resident home');
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('link', { name: 'Gastos del edificio' }).click();
    await expect(page).toHaveURL(/\/public\/spendings\/board/);
    await expect(page.getByRole('heading', { name: 'Gastos del edificio' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Gastos del edificio' });
    await expect(table).toContainText('$');
    await expect(page.getByTestId('spendings-sum')).toContainText('Total: $');
    await expectNoSeriousA11yViolations(page, 'resident spendings board on a phone');

    // The concept filter is applied by the server and kept in the address.
    const everything = await page.getByTestId('spendings-sum').textContent();
    await page.getByRole('combobox', { name: 'Concepto' }).click();
    await page.getByRole('listbox', { name: 'Concepto' }).getByRole('option', { name: 'Agua', exact: true }).click();
    await expect(page).toHaveURL(/concept=Agua/);
    await expect(page.getByTestId('spendings-sum')).not.toHaveText(everything!);
    await expect(table).toContainText('Agua');
    await expect(table).not.toContainText('Ascensor');

    // A settled month opens its statement: what the building spent and each apartment's share, nobody's payment status.
    const months = page.getByRole('region', { name: 'Meses liquidados' });
    const first = months.getByRole('link').first();
    const monthName = ((await first.textContent()) ?? '').match(/^\S+ \d{4}/)?.[0];
    expect(monthName).toBeTruthy();
    await first.click();
    await expect(page.getByRole('heading', { name: `Liquidación ${monthName}` })).toBeVisible();
    await expect(page.getByText(/Pagada|Adeudada/)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'resident statement on a phone');

    // Volver returns to the board, filter included.
    await page.getByRole('link', { name: 'Volver' }).click();
    await expect(page).toHaveURL(/\/public\/spendings\/board\?.*concept=Agua/);
    await expect(page.getByRole('heading', { name: 'Gastos del edificio' })).toBeVisible();
  });
});
