import { expect } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";

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
 * `<name>-light.png` and `<name>-dark.png` of the whole page as it is now, or of `part` of it; the page is left
 * light. (A whole-page shot briefly drops a phone's touch emulation in Chromium: shoot a part there.)
 */
export async function shootLightAndDark(page: Page, name: string, part?: Locator) {
  mkdirSync(SHOTS, { recursive: true });
  for (const scheme of ["light", "dark"] as const) {
    await toScheme(page, scheme);
    const path = join(SHOTS, `${name}-${scheme}.png`);
    await (part ? part.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
  }
  await toScheme(page, "light");
}

/** Neither the page nor `table`'s own box scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, table: Locator) {
  const [scroll, inner] = await page.evaluate(() => [document.scrollingElement!.scrollWidth, innerWidth]);
  expect(scroll, `the page is ${scroll} px wide`).toBeLessThanOrEqual(inner!);
  const [boxScroll, boxWidth] = await table.evaluate((el) => [
    el.parentElement!.scrollWidth,
    el.parentElement!.clientWidth,
  ]);
  expect(boxScroll, `the table's box holds ${boxScroll} px in ${boxWidth}`).toBeLessThanOrEqual(boxWidth!);
}

/**
 * The table's rows are cards on a phone: nothing scrolls sideways, and the first row shows each field named in
 * `fields` on its own labelled line (td[data-label]), inside the table's box, holding the text given.
 */
export async function expectFirstRowCard(
  page: Page,
  table: Locator,
  fields: Record<string, string | RegExp>,
) {
  const row = table.locator("tbody tr").first();
  await row.waitFor();
  await expectNoSidewaysScroll(page, table);
  const box = (await table.boundingBox())!;
  for (const [label, text] of Object.entries(fields)) {
    const cell = row.locator(`td[data-label="${label}"]`);
    expect(await cell.isVisible(), `${label} shown`).toBe(true);
    const c = (await cell.boundingBox())!;
    expect(c.x, `${label} inside`).toBeGreaterThanOrEqual(box.x - 0.5);
    expect(c.x + c.width, `${label} inside`).toBeLessThanOrEqual(box.x + box.width + 0.5);
    expect((await cell.textContent()) ?? "", label).toMatch(text);
  }
}

/** The whole placeholder of an input is visible: its text is no wider than the box's inside. */
export function placeholderFits(box: Locator): Promise<boolean> {
  return box.evaluate((el: HTMLInputElement | HTMLTextAreaElement) => {
    const probe = document.createElement("span");
    const style = getComputedStyle(el);
    probe.style.font = style.font;
    probe.style.position = "absolute";
    probe.style.whiteSpace = "pre";
    probe.textContent = el.placeholder;
    document.body.append(probe);
    const wide = probe.getBoundingClientRect().width;
    probe.remove();
    return (
      wide <=
      el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight) + 1
    );
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
