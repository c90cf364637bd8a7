import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** Signs in through the login page and waits for the shell (its user menu, there at every width). */
export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('User name or e-mail').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
}

/**
 * Signs in and waits until the dashboard it lands on (the home page's analytics) has answered, so a test listening
 * to the requests of the next screen does not count the dashboard's. (A wait for "networkidle" returns at once
 * here: the page reached it on the sign-in page, before the dashboard asked anything.)
 */
export async function signInToDashboard(page: Page, username: string, password: string) {
  const answered = page.waitForResponse((answer) => answer.url().includes('/api/dashboard?'));
  await signIn(page, username, password);
  await answered;
  await expect(page.getByTestId('dashboard-screen')).toBeVisible();
}

/** A call to the gateway with the page's own session, as the console makes it; answers status and JSON body. */
export async function callApi(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { accessToken?: string };
      const response = await fetch(path, {
        method,
        headers: { 'x-access-token': user.accessToken ?? '', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    },
    { method, path, body },
  );
}

/** A signed-in user's token, by the sign-in call (no page needed). */
export async function tokenOf(
  request: APIRequestContext,
  username: string,
  password: string,
): Promise<string> {
  const answer = await request.post('/api/auth/signin', { data: { username, password } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { accessToken: string }).accessToken;
}

/**
 * A new account (unique per run) holding only `routes`, with `actions` on them, created through the administration
 * API as the demo administrator; answers its username (its password is `password`).
 */
export async function userWithRoutes(
  request: APIRequestContext,
  routes: string[],
  actions?: { create: boolean; update: boolean; delete: boolean; export: boolean },
  password = 'Route@2026',
  organization?: string,
): Promise<string> {
  const admin = await tokenOf(request, 'admin', 'Admin@123');
  const headers = { 'x-access-token': admin };
  const username = `e2e.${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const organizations = organization
    ? ((await (
        await request.get(`/api/custom/selectall?t=organization&cols=id,c_code`, { headers })
      ).json()) as { id: number; c_code: string }[])
    : [];
  const created = await request.post('/api/admin/users', {
    headers,
    data: {
      username,
      name: `E2E ${username}`,
      email: `${username}@metrorail.example`,
      password,
      organization: organizations.find((o) => o.c_code === organization)?.id ?? null,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  const granted = await request.post('/api/admin/permissions/grant', {
    headers,
    data: { n_user_id: id, routes, ...(actions ? { actions } : {}) },
  });
  expect(granted.status(), await granted.text()).toBe(200);
  return username;
}

/** Takes `routes` away from `username`, as the demo administrator. */
export async function revokeRoutes(request: APIRequestContext, username: string, routes: string[]) {
  const admin = await tokenOf(request, 'admin', 'Admin@123');
  const headers = { 'x-access-token': admin };
  const users = (await (
    await request.get(`/api/custom/selectall?t=users&cols=id,c_username`, { headers })
  ).json()) as { id: number; c_username: string }[];
  const id = users.find((user) => user.c_username === username)?.id;
  expect(id, username).toBeTruthy();
  const revoked = await request.post('/api/admin/permissions/revoke', {
    headers,
    data: { n_user_id: id, routes },
  });
  expect(revoked.status(), await revoked.text()).toBe(200);
}
