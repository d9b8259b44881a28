import { describe, expect, it } from 'vitest';
import type { CgFile, CgWritableType } from '@shared/contracts/cg-files';
import { onAirAnnouncement } from './on-air-announcement';
import { cgFileOf } from '../test-fixtures';

const files = (texts: Partial<Record<CgWritableType, string>>): CgFile[] =>
  Object.entries(texts).map(([type, content], i) => cgFileOf(type as CgWritableType, content, i + 1));

describe('onAirAnnouncement', () => {
  it('says nothing on the first reading or when nothing changed', () => {
    expect(onAirAnnouncement(undefined, files({ headline: 'A' }))).toEqual({ assertive: null, polite: null });
    expect(onAirAnnouncement(files({ headline: 'A' }), files({ headline: 'A' }))).toEqual({
      assertive: null,
      polite: null,
    });
  });

  it('reads a new headline and subheadline together, politely', () => {
    const said = onAirAnnouncement(
      files({ headline: 'Old', subheadline: '' }),
      files({ headline: 'Ferries resume', subheadline: 'Storm has passed' }),
    );
    expect(said).toEqual({
      assertive: null,
      polite: 'On air now: headline Ferries resume; subheadline Storm has passed',
    });
  });

  it('says a cleared graphic and a crawler by its count', () => {
    const said = onAirAnnouncement(
      files({ program_bar: 'NEWS AT 8', news_crawler: '' }),
      files({ program_bar: '', news_crawler: 'one\ntwo\nthree' }),
    );
    expect(said.polite).toBe('On air now: program bar cleared; news crawler, 3 headlines');
  });

  it('an override is said once, urgently; its end politely', () => {
    const before = files({ emergency: '', headline: 'Ferries resume', subheadline: 'Storm has passed' });
    const during = files({ emergency: 'FLOOD WARNING', headline: 'FLOOD WARNING', subheadline: 'Stay indoors' });
    expect(onAirAnnouncement(before, during)).toEqual({
      assertive: 'Emergency on air: FLOOD WARNING',
      polite: 'On air now: subheadline Stay indoors',
    });
    const after = files({ emergency: '', headline: 'FLOOD WARNING', subheadline: 'Stay indoors' });
    expect(onAirAnnouncement(during, after)).toEqual({ assertive: null, polite: 'Emergency off air' });
  });

  it('a two-line slate (text and second line, issue 38) is said once, as two sentences', () => {
    const before = files({ emergency: '', headline: 'Ferries resume', subheadline: 'Storm has passed' });
    const during = files({
      emergency: 'FLOOD WARNING\nStay indoors',
      headline: 'FLOOD WARNING',
      subheadline: 'Stay indoors',
    });
    expect(onAirAnnouncement(before, during)).toEqual({
      assertive: 'Emergency on air: FLOOD WARNING. Stay indoors',
      polite: null,
    });
  });

  it('cuts a very long text short', () => {
    const said = onAirAnnouncement(files({ headline: '' }), files({ headline: 'x'.repeat(500) }));
    expect(said.polite).toHaveLength('On air now: headline '.length + 201);
  });
});
