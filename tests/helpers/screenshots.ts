import { expect } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";

/** Screenshots a person can look at after the run (light, dark, phone width). */
export const SHOTS = join(import.meta.dir, "../../test-results/screens");

/** Switch the system's colour scheme and wait for the page's media-query listener to follow it. */
export async function toScheme(page: Page, scheme: "dark" | "light") {
  await page.emulateMedia({ colorScheme: scheme });
  const dark = scheme === "dark";
  await page.waitForFunction((d) => document.documentElement.classList.contains("dark") === d, dark, {
    timeout: 5000,
  });
}

/**
 * `<name>-light.png` and `<name>-dark.png` at the page's width, then `<name>-390.png` at phone width (which must
 * not scroll sideways); the page is left light at 1280 px.
 */
export async function shots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}-light.png`), fullPage: true });
  await toScheme(page, "dark");
  await page.screenshot({ path: join(SHOTS, `${name}-dark.png`), fullPage: true });
  await toScheme(page, "light");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(SHOTS, `${name}-390.png`), fullPage: true });
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
  await page.setViewportSize({ width: 1280, height: 900 });
}
