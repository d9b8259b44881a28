/**
 * Label stock: 3 × 8 labels of 70 × 36 mm on A4 (the common 24-up sheet, e.g. Avery 3475),
 * 4.5 mm top and bottom margin. Printed at 100 % scale with no browser margins.
 */
export const LABEL_SHEET = {
  columns: 3,
  rows: 8,
  labelWidthMm: 70,
  labelHeightMm: 36,
  pageWidthMm: 210,
  pageHeightMm: 297,
} as const;

export const LABELS_PER_SHEET = LABEL_SHEET.columns * LABEL_SHEET.rows;

/** The sheet's top (= bottom) margin that centres the rows on the page. */
export function sheetTopMarginMm(): number {
  return (LABEL_SHEET.pageHeightMm - LABEL_SHEET.rows * LABEL_SHEET.labelHeightMm) / 2;
}

/** Items split into A4 sheets of LABELS_PER_SHEET, in order. */
export function toSheets<T>(items: readonly T[], perSheet = LABELS_PER_SHEET): T[][] {
  const sheets: T[][] = [];
  for (let i = 0; i < items.length; i += perSheet) sheets.push(items.slice(i, i + perSheet));
  return sheets;
}

/** `?ids=1,2,3` → [1, 2, 3]: whole positive numbers, each once, in the order given; null = no list (all items). */
export function parseLabelIds(param: string | null): number[] | null {
  if (param === null || param.trim() === '') return null;
  const ids = param
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d+$/.test(part))
    .map(Number)
    .filter((n) => n > 0);
  return [...new Set(ids)];
}

/** The chosen items in the order of the ids (the order the user picked them). */
export function pickByIds<T extends { id: number }>(items: readonly T[], ids: readonly number[] | null): T[] {
  if (ids === null) return [...items];
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.map((id) => byId.get(id)).filter((item): item is T => item !== undefined);
}
