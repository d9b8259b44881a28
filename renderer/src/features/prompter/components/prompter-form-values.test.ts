import { describe, expect, it } from 'vitest';
import { PROMPTER_DEFAULTS } from '@shared/constants';
import type { Prompter } from '@shared/contracts/prompters';
import {
  editFormFrom,
  editSpeedFrom,
  emptyCreateForm,
  NO_BULLETIN,
  toCreateBody,
  toUpdateBody,
} from './prompter-form-values';

const prompter = (over: Partial<Prompter> = {}): Prompter => ({
  id: 7,
  companyId: 1,
  name: 'Evening',
  bulletinId: null,
  status: 'active',
  fontSize: 16,
  fontFamily: 'Arial',
  backgroundColor: '#000000',
  textColor: '#ffffff',
  scrollSpeed: 100,
  isAutoScroll: false,
  currentPosition: 0,
  lineSpacing: 1.5,
  marginTop: 20,
  marginBottom: 20,
  isHighContrast: false,
  highlightColors: { emphasize: 'red', readSlow: 'yellow', important: 'green' },
  isLockMode: false,
  lockPosition: 0,
  selectedBulletinIds: [],
  enableLiveEditing: false,
  isManualScroll: true,
  createdBy: 1,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  version: 1,
  ...over,
});

describe('prompter create form', () => {
  it('starts from the spec’s creation defaults, at a talent monitor’s 72 px (issue 38)', () => {
    expect(emptyCreateForm()).toEqual({
      name: '',
      bulletin: NO_BULLETIN,
      fontSize: 72,
      scrollSpeed: 50,
      fontFamily: 'Arial',
      backgroundColor: '#000000',
      textColor: '#ffffff',
      isAutoScroll: false,
    });
  });

  it('needs a name (blank counts as none) and sends the picked bulletin as a number', () => {
    expect(toCreateBody({ ...emptyCreateForm(), name: '   ' })).toEqual({
      ok: false,
      errors: { name: 'Name is required' },
    });
    const made = toCreateBody({ ...emptyCreateForm(), name: ' Evening ', bulletin: '12', backgroundColor: '#1A2B3C' });
    expect(made).toEqual({
      ok: true,
      body: {
        name: 'Evening',
        bulletinId: 12,
        fontSize: 72,
        fontFamily: 'Arial',
        backgroundColor: '#1a2b3c',
        textColor: '#ffffff',
        scrollSpeed: 50,
        isAutoScroll: false,
      },
    });
    expect(toCreateBody({ ...emptyCreateForm(), name: 'x' })).toMatchObject({ ok: true, body: { bulletinId: null } });
  });
});

describe('prompter edit form', () => {
  it('clamps the speed into 30–300 and uses 100 when it is missing', () => {
    expect([10, 20, 30, 150, 300, 900].map(editSpeedFrom)).toEqual([30, 30, 30, 150, 300, 300]);
    expect(editSpeedFrom(undefined)).toBe(PROMPTER_DEFAULTS.editScrollSpeed);
    expect(editSpeedFrom(null)).toBe(100);
    expect(editSpeedFrom(0)).toBe(100);
    expect(editFormFrom(prompter({ scrollSpeed: 10 })).scrollSpeed).toBe(30);
  });

  it('starts from the prompter’s values', () => {
    expect(editFormFrom(prompter({ bulletinId: 4, fontFamily: 'Helvetica', status: 'inactive' }))).toMatchObject({
      name: 'Evening',
      bulletin: '4',
      status: 'inactive',
      fontFamily: 'Helvetica',
      fontSize: 16,
      lineSpacing: 1.5,
    });
  });

  it('sends only the fields that changed', () => {
    const stored = prompter({ bulletinId: 4 });
    const values = {
      ...editFormFrom(stored),
      name: 'Late',
      bulletin: NO_BULLETIN,
      fontSize: '40',
      enableLiveEditing: true,
    };
    expect(toUpdateBody(stored, values)).toEqual({
      ok: true,
      body: { name: 'Late', bulletinId: null, fontSize: 40, enableLiveEditing: true },
    });
    expect(toUpdateBody(stored, editFormFrom(stored))).toEqual({ ok: true, body: {} });
  });

  it('saves a clamped speed, since the form showed it (and nothing else)', () => {
    const stored = prompter({ scrollSpeed: 10 });
    expect(toUpdateBody(stored, editFormFrom(stored))).toEqual({ ok: true, body: { scrollSpeed: 30 } });
  });

  it('refuses out-of-range numbers, an empty name and bad colours with field messages', () => {
    const stored = prompter();
    const values = {
      ...editFormFrom(stored),
      name: ' ',
      fontSize: 201,
      scrollSpeed: '',
      lineSpacing: 0.2,
      marginTop: -1,
      marginBottom: 2.5,
      textColor: 'white',
    };
    expect(toUpdateBody(stored, values)).toEqual({
      ok: false,
      errors: {
        name: 'Name is required',
        fontSize: 'Font size must be a whole number between 10 and 200',
        scrollSpeed: 'Scroll speed must be a whole number between 30 and 300',
        lineSpacing: 'Line spacing must be between 0.5 and 5',
        marginTop: 'Top margin must be a whole number between 0 and 2000',
        marginBottom: 'Bottom margin must be a whole number between 0 and 2000',
        textColor: 'Text colour must be a colour like #000000',
      },
    });
  });
});
