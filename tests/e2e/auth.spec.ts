import { request as playwrightRequest } from '@playwright/test';
import { ADMIN_PASSWORD } from '../support/consoleServer';
import { expect, test } from './fixtures';

test.describe('sign-in', () => {
  test('wrong credentials show the seed alert and stay on the login page', async ({ page, loginPage }) => {
    await loginPage.goto();
    await expect(loginPage.username).toBeFocused();
    await loginPage.signInAs('admin', 'not-the-password');
    await expect(loginPage.alert).toHaveText('Invalid username or password');
    await expect(page).toHaveURL(/\/auth\/login/);
    await loginPage.signInAs('nobody', 'whatever');
    await expect(loginPage.alert).toHaveText('Invalid username or password');
  });

  test("a refused sign-in (429) shows the server's words on how long to wait", async ({ page, loginPage }) => {
    const message = 'Too many failed sign-in attempts. Try again in 8 seconds.';
    await page.route('**/api/v1/temp/login', (route) =>
      route.fulfill({ status: 429, headers: { 'retry-after': '8' }, contentType: 'application/json', body: JSON.stringify({ message }) }),
    );
    await loginPage.goto();
    await loginPage.signInAs('admin', 'whatever');
    await expect(loginPage.alert).toHaveText(message);
    await expect(page).toHaveURL(/\/auth\/login/);
  });

  test('the hint names the credentials file but not where the data directory is (the page is public)', async ({ page, loginPage, consoleServer }) => {
    await loginPage.goto();
    const hint = page.getByText(/The first start of the console server prints the passwords/);
    await expect(hint).toContainText('keeps them in credentials.txt in its data directory.');
    await expect(hint).not.toContainText(consoleServer.dataDir);
  });

  test('npm start says when the demo warehouse is ready', async ({ consoleServer }) => {
    await expect.poll(() => consoleServer.output, { timeout: 30_000 }).toContain('Demo warehouse ready');
  });

  test('empty fields are sent to the server (no client-side checks) and refused', async ({ loginPage }) => {
    await loginPage.goto();
    await loginPage.signIn.click();
    await expect(loginPage.alert).toBeVisible();
  });

  test('success lands on the admin home with a public-profile cookie and an httpOnly session', async ({ page, loginPage, context }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('admin');
    await expect(page).toHaveURL(/\/admin\/default$/);
    const cookies = await context.cookies();
    const user = cookies.find((c) => c.name === 'user');
    const session = cookies.find((c) => c.name === 'session');
    expect(user?.httpOnly).toBe(false);
    expect(JSON.parse(decodeURIComponent(user?.value ?? '{}'))).toMatchObject({ username: 'admin', role: 'admin' });
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Strict');
    // What page scripts can see holds no secret.
    const visible = await page.evaluate(() => document.cookie + JSON.stringify(localStorage) + JSON.stringify(sessionStorage));
    expect(visible).not.toContain(ADMIN_PASSWORD);
    expect(visible).not.toContain(session?.value ?? 'no-session');
  });

  test('an unauthenticated visit goes to sign-in and comes back to the page afterwards', async ({ page, loginPage }) => {
    await page.goto('/admin/catalog');
    await expect(page).toHaveURL(/\/auth\/login\?returnTo=%2Fadmin%2Fcatalog/);
    await loginPage.signInAsRole('admin');
    await expect(page).toHaveURL(/\/admin\/catalog$/);
  });

  test('log out ends the server session and returns to the login page', async ({ page, loginPage, shell, context, baseURL }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('editor');
    const session = (await context.cookies()).find((c) => c.name === 'session');
    await shell.logOut();
    await expect(loginPage.heading).toBeVisible();
    await expect(page.getByText('You have signed out.')).toBeVisible();
    // Alt+T moves focus to the toasts (sonner's hotkey), for keyboard users.
    await page.keyboard.press('Alt+t');
    await expect
      .poll(() => page.evaluate(() => !!document.activeElement?.closest('section[aria-label^="Notifications"]')))
      .toBe(true);
    expect((await context.cookies()).map((c) => c.name)).not.toContain('user');
    // The old session token no longer opens anything on the server.
    const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { cookie: `session=${session?.value}` } });
    expect((await api.get('/api/v1/temp/me')).status()).toBe(401);
    await api.dispose();
    await page.goto('/admin/workspace');
    await expect(page).toHaveURL(/\/auth\/login\?returnTo=%2Fadmin%2Fworkspace/);
  });

  test('a session the server no longer knows sends the user to sign in and back', async ({ page, loginPage, context, baseURL }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('admin');
    await page.goto('/admin/workflow');
    await expect(page.locator('.page-header h1')).toHaveText('Workflows');
    // End the session behind the browser's back: its cookies stay, the server forgets them.
    const session = (await context.cookies()).find((c) => c.name === 'session');
    const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { cookie: `session=${session?.value}` } });
    expect((await api.post('/api/v1/temp/logout')).ok()).toBe(true);
    await api.dispose();
    await page.reload();
    await expect(page).toHaveURL(/\/auth\/login\?returnTo=%2Fadmin%2Fworkflow/);
    await loginPage.signInAsRole('admin');
    await expect(page).toHaveURL(/\/admin\/workflow$/);
  });

  test('a signed-in user who opens /auth goes to the admin home', async ({ page, loginPage }) => {
    await loginPage.goto();
    await loginPage.signInAsRole('admin');
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/admin\/default$/);
  });
});
