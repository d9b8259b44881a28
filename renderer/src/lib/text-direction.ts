const RTL = '\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF';
const LTR = 'A-Za-z\u00C0-\u02AF\u0370-\u03FF\u0400-\u052F';
const FIRST_STRONG = new RegExp(`[${RTL}${LTR}]`);
const RTL_CHAR = new RegExp(`[${RTL}]`);

/**
 * The direction of a text by its first strong letter, like the browser's dir="auto". Mantine
 * puts an input's `dir` on the wrapper div, where "auto" sees no text, so a form sets the
 * computed direction instead: Dhivehi (Thaana), Arabic and Hebrew then type right-to-left.
 */
export function textDirection(text: string): 'rtl' | 'ltr' {
  const first = FIRST_STRONG.exec(text)?.[0];
  return first !== undefined && RTL_CHAR.test(first) ? 'rtl' : 'ltr';
}
