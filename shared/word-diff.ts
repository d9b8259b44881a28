import { diffArrays } from 'diff';

/**
 * A word-level diff for the news conflict view and story revisions (issue 26): jsdiff's Myers
 * diff (`diffArrays`) over our own tokens — words and the whitespace between them — because
 * jsdiff's word tokenizer splits scripts it does not list (Thaana) into single letters.
 */
export type DiffOp = 'same' | 'add' | 'del';
export interface DiffPart {
  op: DiffOp;
  text: string;
}

/** Past this many edits a story was rewritten: the diff reads as one replace (and stays fast). */
const MAX_EDIT_LENGTH = 2000;

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

/** How to get from `before` to `after`: 'del' parts are only in `before`, 'add' parts only in `after`. */
export function diffWords(before: string, after: string): DiffPart[] {
  const parts: DiffPart[] = [];
  const changes = diffArrays(tokenize(before), tokenize(after), { maxEditLength: MAX_EDIT_LENGTH });
  if (!changes) {
    push(parts, 'del', before);
    push(parts, 'add', after);
    return parts;
  }
  for (const change of changes)
    push(parts, change.added ? 'add' : change.removed ? 'del' : 'same', change.value.join(''));
  return parts;
}
