import { HEX_COLOUR } from '@shared/branding';
import {
  type PROMPTER_CREATE_FONTS,
  PROMPTER_DEFAULTS,
  PROMPTER_EDIT_RANGES,
  PROMPTER_FONTS,
  PROMPTER_LIMITS,
  PROMPTER_STATUSES,
} from '@shared/constants';
import type { CreatePrompterInput, Prompter, PrompterStatus, UpdatePrompterInput } from '@shared/contracts/prompters';

export type CreateFont = (typeof PROMPTER_CREATE_FONTS)[number];
export type PrompterFont = (typeof PROMPTER_FONTS)[number];

/** Mantine's Select wants a string for every option, including "no bulletin". */
export const NO_BULLETIN = 'none';

export const bulletinOption = (id: number | null): string => (id === null ? NO_BULLETIN : String(id));
export const bulletinFromOption = (value: string | null): number | null =>
  value === null || value === NO_BULLETIN ? null : Number(value);

/** The Create New Prompter form (sliders always hold a valid number). */
export interface CreatePrompterValues {
  name: string;
  bulletin: string;
  fontSize: number;
  scrollSpeed: number;
  fontFamily: CreateFont;
  backgroundColor: string;
  textColor: string;
  isAutoScroll: boolean;
}

/** Prompter Settings / Edit Prompter. NumberInputs give '' while emptied, hence number | string. */
export interface EditPrompterValues {
  name: string;
  bulletin: string;
  status: PrompterStatus;
  fontSize: number | string;
  scrollSpeed: number | string;
  fontFamily: PrompterFont;
  backgroundColor: string;
  textColor: string;
  lineSpacing: number | string;
  marginTop: number | string;
  marginBottom: number | string;
  isHighContrast: boolean;
  isAutoScroll: boolean;
  enableLiveEditing: boolean;
}

/** What the edit form can change: its fields, with the bulletin as the API's bulletinId. */
type SentKey = Exclude<keyof EditPrompterValues, 'bulletin'> | 'bulletinId';

export type PrompterFieldErrors = Partial<Record<keyof EditPrompterValues, string>>;
type Result<B> = { ok: true; body: B } | { ok: false; errors: PrompterFieldErrors };

/** Spec 001 §9: Arial, #ffffff text on #000000, speed 50, auto-scroll off; 72 px (issue 38, the spec's 16 is small print on a talent monitor). */
export function emptyCreateForm(): CreatePrompterValues {
  return {
    name: '',
    bulletin: NO_BULLETIN,
    fontSize: PROMPTER_DEFAULTS.fontSize,
    scrollSpeed: PROMPTER_DEFAULTS.scrollSpeed,
    fontFamily: PROMPTER_DEFAULTS.fontFamily,
    backgroundColor: PROMPTER_DEFAULTS.backgroundColor,
    textColor: PROMPTER_DEFAULTS.textColor,
    isAutoScroll: PROMPTER_DEFAULTS.isAutoScroll,
  };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The edit form's speed: a prompter created at 10 or 20 (valid on create) shows 30, the edit
 * range's floor; a missing speed shows the spec's "Edit default speed 100".
 */
export function editSpeedFrom(speed: number | null | undefined): number {
  const { min, max } = PROMPTER_EDIT_RANGES.scrollSpeed;
  return typeof speed === 'number' && Number.isFinite(speed) && speed > 0
    ? clamp(Math.round(speed), min, max)
    : PROMPTER_DEFAULTS.editScrollSpeed;
}

export function editFontSizeFrom(size: number): number {
  const { min, max } = PROMPTER_EDIT_RANGES.fontSize;
  return Number.isFinite(size) ? clamp(Math.round(size), min, max) : PROMPTER_DEFAULTS.fontSize;
}

const isFont = (font: string): font is PrompterFont => (PROMPTER_FONTS as readonly string[]).includes(font);

export function editFormFrom(p: Prompter): EditPrompterValues {
  return {
    name: p.name,
    bulletin: bulletinOption(p.bulletinId),
    status: (PROMPTER_STATUSES as readonly string[]).includes(p.status) ? p.status : PROMPTER_DEFAULTS.status,
    fontSize: editFontSizeFrom(p.fontSize),
    scrollSpeed: editSpeedFrom(p.scrollSpeed),
    fontFamily: isFont(p.fontFamily) ? p.fontFamily : PROMPTER_DEFAULTS.fontFamily,
    backgroundColor: p.backgroundColor,
    textColor: p.textColor,
    lineSpacing: p.lineSpacing,
    marginTop: p.marginTop,
    marginBottom: p.marginBottom,
    isHighContrast: p.isHighContrast,
    isAutoScroll: p.isAutoScroll,
    enableLiveEditing: p.enableLiveEditing,
  };
}

/** Name is the only required field (docs/product.md §Validation); the server checks it again. */
export function toCreateBody(values: CreatePrompterValues): Result<CreatePrompterInput> {
  const name = values.name.trim();
  if (!name) return { ok: false, errors: { name: 'Name is required' } };
  return {
    ok: true,
    body: {
      name,
      bulletinId: bulletinFromOption(values.bulletin),
      fontSize: values.fontSize,
      fontFamily: values.fontFamily,
      backgroundColor: values.backgroundColor.toLowerCase(),
      textColor: values.textColor.toLowerCase(),
      scrollSpeed: values.scrollSpeed,
      isAutoScroll: values.isAutoScroll,
    },
  };
}

const numberOf = (value: number | string): number =>
  typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);

/** A range message in the server's words, so the inline and the server error read the same. */
function checkNumber(value: number, label: string, min: number, max: number, whole: boolean): string | undefined {
  const ok = Number.isFinite(value) && value >= min && value <= max && (!whole || Number.isInteger(value));
  if (ok) return undefined;
  return `${label} must be ${whole ? 'a whole number ' : ''}between ${min} and ${max}`;
}

interface EditNumbers {
  fontSize: number;
  scrollSpeed: number;
  lineSpacing: number;
  marginTop: number;
  marginBottom: number;
}

function checkEdit(values: EditPrompterValues): { numbers: EditNumbers; errors: PrompterFieldErrors } {
  const numbers: EditNumbers = {
    fontSize: numberOf(values.fontSize),
    scrollSpeed: numberOf(values.scrollSpeed),
    lineSpacing: numberOf(values.lineSpacing),
    marginTop: numberOf(values.marginTop),
    marginBottom: numberOf(values.marginBottom),
  };
  const { fontSize, scrollSpeed } = PROMPTER_EDIT_RANGES;
  const { lineSpacing, margin } = PROMPTER_LIMITS;
  const errors: PrompterFieldErrors = {
    name: values.name.trim() ? undefined : 'Name is required',
    fontSize: checkNumber(numbers.fontSize, 'Font size', fontSize.min, fontSize.max, true),
    scrollSpeed: checkNumber(numbers.scrollSpeed, 'Scroll speed', scrollSpeed.min, scrollSpeed.max, true),
    lineSpacing: checkNumber(numbers.lineSpacing, 'Line spacing', lineSpacing.min, lineSpacing.max, false),
    marginTop: checkNumber(numbers.marginTop, 'Top margin', 0, margin, true),
    marginBottom: checkNumber(numbers.marginBottom, 'Bottom margin', 0, margin, true),
    backgroundColor: HEX_COLOUR.test(values.backgroundColor)
      ? undefined
      : 'Background colour must be a colour like #000000',
    textColor: HEX_COLOUR.test(values.textColor) ? undefined : 'Text colour must be a colour like #000000',
  };
  for (const key of Object.keys(errors) as Array<keyof PrompterFieldErrors>) if (!errors[key]) delete errors[key];
  return { numbers, errors };
}

/**
 * The partial PUT body: only fields whose value differs from the prompter as it was when the
 * dialog opened. Comparing with the stored values (not the form's clamped start) means a speed
 * of 10 shown as 30 is saved as 30, so what the form shows is what the prompter holds; and a
 * field the user did not touch is never sent, so a reader's toggle made meanwhile is kept.
 */
export function toUpdateBody(stored: Prompter, values: EditPrompterValues): Result<UpdatePrompterInput> {
  const { numbers, errors } = checkEdit(values);
  if (Object.keys(errors).length) return { ok: false, errors };
  const next: Required<Pick<UpdatePrompterInput, SentKey>> = {
    name: values.name.trim(),
    bulletinId: bulletinFromOption(values.bulletin),
    status: values.status,
    ...numbers,
    fontFamily: values.fontFamily,
    backgroundColor: values.backgroundColor.toLowerCase(),
    textColor: values.textColor.toLowerCase(),
    isHighContrast: values.isHighContrast,
    isAutoScroll: values.isAutoScroll,
    enableLiveEditing: values.enableLiveEditing,
  };
  const body: UpdatePrompterInput = {};
  for (const key of Object.keys(next) as Array<keyof typeof next>) {
    if (next[key] !== stored[key]) Object.assign(body, { [key]: next[key] });
  }
  return { ok: true, body };
}
