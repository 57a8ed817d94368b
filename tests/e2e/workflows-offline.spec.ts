import { expect, test, waitForServiceWorker } from './offlineFixtures';
import { WorkflowsPage } from './pages/WorkflowsPage';

test('a DAG visited once reads offline: header, grid, a log and the source, with their age', async ({ page, server, loginPage }) => {
  await loginPage.goto();
  await loginPage.signInAsRole('admin');
  const workflows = new WorkflowsPage(page);
  await workflows.gotoDag('example_etl');
  await workflows.grid.getByRole('gridcell', { name: /^extract_orders, / }).last().click();
  await workflows.taskTab('Logs').click();
  await expect(page.getByText(/Marking task as SUCCESS/).first()).toBeVisible();
  const logUrl = page.url();
  await workflows.tab('Code').click();
  await expect(page.getByLabel('DAG source')).toContainText('from airflow import DAG');
  await waitForServiceWorker(page);

  await server.stop();
  await page.goto('/admin/workflow/example_etl?tab=code');
  await expect(page.getByRole('heading', { name: 'example_etl', level: 2 })).toBeVisible();
  await expect(page.getByLabel('DAG source')).toContainText('from airflow import DAG');
  await expect(page.getByText(/^Showing the DAG from .*could not be reached/)).toBeVisible({ timeout: 20_000 });
  await page.goto(logUrl);
  await expect(page.getByText(/Marking task as SUCCESS/).first()).toBeVisible();
  await expect(workflows.grid.getByRole('gridcell').first()).toBeVisible();

  await server.resume();
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByText(/^Showing the DAG from/)).toBeHidden({ timeout: 30_000 });
});
