import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The WCAG 2.1 A and AA rules (every screen clean at level AA), and WCAG 2.2 AA's target-size
 * (2.5.8: every tap target at least 24 × 24 px, or spaced so a 24 px circle around it touches no other).
 */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Fluent UI's focus management (Tabster) puts invisible focus-trap sentinels,
 * `<i tabindex="0" aria-hidden="true" data-tabster-dummy>`, around dialogs and
 * tab lists. They are focusable and aria-hidden by design: on focus Tabster moves
 * focus on at once, so no one ever rests on them (microsoft/tabster#288). axe's
 * aria-hidden-focus rule flags them; that one rule is left out on those elements
 * only, every other rule still checks them and aria-hidden-focus checks all else.
 */
const TABSTER_SENTINEL = /^<i\b[^>]*\bdata-tabster-dummy\b/;

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; html: string }[];
}

/** One entry per offending element: rule id, impact, selector, what the rule asks, and the element's start. */
function describe(violations: Violation[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? 'unknown'}) ${node.target.join(' ')} — ${violation.help}\n` +
        `      ${node.html.slice(0, 160)}`,
    ),
  );
}

/**
 * Runs axe-core on the page as it is now (less the parts `exclude` names), and checks that the page does not scroll sideways;
 * fails with a readable list of the violations: rule id, impact and each offending element's
 * selector. The check is
 * soft, so one run reports every screen of a test, and the test still fails.
 */
export async function expectAccessible(
  page: Page,
  name: string,
  options: { exclude?: readonly string[] } = {},
): Promise<void> {
  await settled(page);
  const builder = new AxeBuilder({ page });
  // A popover covering part of the page (the account menu on a phone) leaves the targets beneath it partly
  // obscured, which target-size counts; that page was checked without the popover, so the check leaves it out.
  for (const selector of options.exclude ?? []) builder.exclude(selector);
  const results = await builder
    // WCAG 2.5.3 Label in Name (level A): axe ships this rule as experimental, off unless asked
    // for. options() replaces all options, so it comes before withTags().
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(WCAG_21_AA)
    .analyze();
  const violations = (results.violations as Violation[])
    .map((violation) =>
      violation.id === 'aria-hidden-focus'
        ? { ...violation, nodes: violation.nodes.filter((node) => !TABSTER_SENTINEL.test(node.html)) }
        : violation,
    )
    .filter((violation) => violation.nodes.length > 0);
  const lines = describe(violations);
  // WCAG 1.4.10 Reflow, which axe does not check: the page never scrolls sideways (wide tables
  // scroll inside their own region).
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0)
    lines.push(`reflow: the page is ${overflow}px wider than the ${page.viewportSize()?.width}px viewport`);
  expect.soft(lines, `WCAG 2.1 AA violations (axe-core, reflow) on ${name}:\n  ${lines.join('\n  ')}`).toEqual([]);
}

/**
 * Waits until no finite animation or transition runs (a dialog fading in, a button changing colour): axe
 * measures colours as they are at that moment, so a half-faded element reads as a contrast failure that no
 * user sees. Endless animations (spinners) are not waited for; after two seconds the check goes on anyway.
 */
async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 2_000, polling: 50 },
    )
    .catch(() => undefined);
}

const PHONE = { width: 390, height: 844 };

/**
 * Runs `check` on a 390×844 phone and then at the size the test gave the page (its desktop), leaving it at that
 * size: for the steps whose behaviour (focus, a dialog, a popover, a layout) is checked at each size, so a flow is
 * walked once rather than once per size.
 */
export async function atEachSize(page: Page, check: (device: 'phone' | 'desktop') => Promise<void>): Promise<void> {
  const desktop = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.setViewportSize(PHONE);
  await check('phone');
  await page.setViewportSize(desktop);
  await check('desktop');
}

/**
 * Checks the page as it is now on a 390×844 phone and at the size the test gave it (its desktop), then leaves it
 * at that size: the functional specs call it at the screens they already visit, so no flow is walked twice for
 * accessibility alone.
 */
export async function expectAccessibleOnBoth(page: Page, name: string): Promise<void> {
  await atEachSize(page, (device) => expectAccessible(page, `${name} (${device})`));
}

/** Waits until a dialog that closed has gone, and the page behind it is no longer aria-hidden. */
export async function dialogGone(page: Page): Promise<void> {
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden', 'true');
}
