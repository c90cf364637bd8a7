import { expect, type Page } from "@playwright/test";

/** Signs in through the login page and waits for the shell. */
export async function signIn(page: Page, username: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("User name or e-mail").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("nav-user")).toBeVisible();
}
