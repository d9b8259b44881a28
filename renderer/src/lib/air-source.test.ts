import { describe, expect, it } from 'vitest';
import { airSourceOf } from './api-client';

describe('the as-run source a write is labelled with', () => {
  it('is phone on the field page, prompter on the prompter, nothing (web) elsewhere', () => {
    expect(airSourceOf('/field')).toBe('phone');
    expect(airSourceOf('/field/equipment/CAM-1')).toBe('phone');
    expect(airSourceOf('/mobile-field')).toBe('phone');
    expect(airSourceOf('/mobile-field/cg')).toBe('phone');
    expect(airSourceOf('/prompter')).toBe('prompter');
    expect(airSourceOf('/prompter/4/follow')).toBe('prompter');
    expect(airSourceOf('/cg-control')).toBeNull();
    expect(airSourceOf('/fieldwork')).toBeNull();
    expect(airSourceOf('/prompters-list')).toBeNull();
  });
});
