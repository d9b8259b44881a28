/**
 * A word-level diff (longest common subsequence over words and the spaces between them) for the
 * news conflict view (issue 26). A stand-in for the `diff` npm package (diffWords), which is not
 * installed here; it should replace this file once added.
 */
export type DiffOp = 'same' | 'add' | 'del';
export interface DiffPart {
  op: DiffOp;
  text: string;
}

/** Above this many cells the LCS table (4 bytes a cell) is not worth it: the middle reads as replaced. */
const MAX_CELLS = 4_000_000;

/** Words and runs of whitespace, so the parts join back to the exact text. */
export function tokenize(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

function push(parts: DiffPart[], op: DiffOp, text: string): void {
  if (!text) return;
  const last = parts[parts.length - 1];
  if (last && last.op === op) last.text += text;
  else parts.push({ op, text });
}

/** LCS lengths from the end: table[i*(m+1)+j] = LCS of a[i..] and b[j..]. */
function lcsTable(a: string[], b: string[]): Uint32Array {
  const m = b.length;
  const table = new Uint32Array((a.length + 1) * (m + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i * (m + 1) + j] = a[i] === b[j] ? table[(i + 1) * (m + 1) + j + 1]! + 1 : Math.max(table[(i + 1) * (m + 1) + j]!, table[i * (m + 1) + j + 1]!);
    }
  }
  return table;
}

function diffMiddle(a: string[], b: string[], parts: DiffPart[]): void {
  if (a.length * b.length > MAX_CELLS) {
    push(parts, 'del', a.join(''));
    push(parts, 'add', b.join(''));
    return;
  }
  const table = lcsTable(a, b);
  const m = b.length;
  let i = 0;
  let j = 0;
  while (i < a.length && j < m) {
    if (a[i] === b[j]) {
      push(parts, 'same', a[i++]!);
      j++;
    } else if (table[(i + 1) * (m + 1) + j]! >= table[i * (m + 1) + j + 1]!) push(parts, 'del', a[i++]!);
    else push(parts, 'add', b[j++]!);
  }
  push(parts, 'del', a.slice(i).join(''));
  push(parts, 'add', b.slice(j).join(''));
}

/**
 * How to get from `before` to `after`: 'del' parts are only in `before`, 'add' parts only in
 * `after`. The common head and tail are cut first, so a small edit in a long story stays cheap.
 */
export function diffWords(before: string, after: string): DiffPart[] {
  const a = tokenize(before);
  const b = tokenize(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const parts: DiffPart[] = [];
  push(parts, 'same', a.slice(0, head).join(''));
  diffMiddle(a.slice(head, a.length - tail), b.slice(head, b.length - tail), parts);
  push(parts, 'same', a.slice(a.length - tail).join(''));
  return parts;
}
