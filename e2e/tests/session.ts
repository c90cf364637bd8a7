import { expect, type Page } from '@playwright/test';

/** Signs in through the login page and waits for the shell (its user menu, there at every width). */
export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('User name or e-mail').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
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
