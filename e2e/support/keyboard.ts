import type { Locator, Page } from 'playwright-core';
import { visible, waitForPath } from './pages';

/** What has focus, in words a failure message can use. */
export async function focusedDescription(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '(body)';
    const name = el.getAttribute('aria-label') ?? (el as HTMLElement).innerText?.trim().slice(0, 40) ?? '';
    return `<${el.tagName.toLowerCase()}${el.getAttribute('role') ? ` role=${el.getAttribute('role')}` : ''}> ${name}`;
  });
}

/**
 * Whether the focused element shows it (WCAG 2.4.7): an outline or box shadow on it, or a visible
 * change on it or beside it when it loses focus — Mantine's inputs recolour their border, and its
 * switches and checkboxes hide the real input and ring the drawn track next to it.
 */
export async function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return false;
    const style = getComputedStyle(el);
    if ((style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none')
      return true;
    // Each element is judged once: blurring and refocusing a date input sends focus back to its
    // first part, so judging it again on every Tab would never let focus leave it.
    const judged = ((window as unknown as { focusJudged?: WeakMap<Element, boolean> }).focusJudged ??= new WeakMap());
    const known = judged.get(el);
    if (known !== undefined) return known;
    const around = [el, el.nextElementSibling, el.parentElement].filter(
      (n): n is HTMLElement => n instanceof HTMLElement,
    );
    // Mantine eases border colours over 100 ms: without this the blurred reading is the focused one.
    const transitions = around.map((n) => n.style.transition);
    for (const n of around) n.style.transition = 'none';
    const look = () =>
      around.map((n) => {
        const s = getComputedStyle(n);
        return [s.outlineStyle, s.outlineWidth, s.boxShadow, s.borderColor, s.backgroundColor].join(' ');
      });
    const focused = look();
    el.blur();
    const blurred = look();
    el.focus();
    around.forEach((n, i) => (n.style.transition = transitions[i] ?? ''));
    const visible = focused.some((value, i) => value !== blurred[i]);
    judged.set(el, visible);
    return visible;
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would; fails after
 * `max` presses. Every stop on the way must show its focus.
 */
export async function tabTo(target: Locator, { backwards = false, max = 120 } = {}): Promise<void> {
  const page = target.page();
  const unseen: string[] = [];
  await target.waitFor({ state: 'visible' });
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (!(await focusIsVisible(page))) unseen.push(await focusedDescription(page));
    if (await target.evaluate((el) => el === document.activeElement, undefined, { timeout: 1000 })) {
      if (unseen.length) throw new Error(`focus not visible on: ${unseen.join(' | ')}`);
      return;
    }
  }
  throw new Error(
    `${String(target)} not reached in ${max} ${backwards ? 'Shift+Tab' : 'Tab'} presses (last: ${await focusedDescription(page)})`,
  );
}

/**
 * Every Tab stop from the top of the page until focus comes round again (or `max` stops): the
 * stops whose focus cannot be seen.
 */
export async function stopsWithoutVisibleFocus(page: Page, max = 150): Promise<string[]> {
  const unseen: string[] = [];
  let first: string | null = null;
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const here = await focusedDescription(page);
    if (here === '(body)') continue;
    const id = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement & { __tabStopId?: string };
      el.__tabStopId ??= Math.random().toString(36).slice(2);
      return el.__tabStopId;
    });
    if (first === id) break;
    first ??= id;
    if (!(await focusIsVisible(page))) unseen.push(here);
  }
  return unseen;
}

/** Signs in with the keyboard alone: the username field has focus, Tab, Enter. */
export async function keyboardLogin(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await visible(page.getByRole('textbox', { name: 'Username' }));
  await page.keyboard.type(username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await waitForPath(page, '/');
  await visible(page.getByTestId('user-menu'));
}
