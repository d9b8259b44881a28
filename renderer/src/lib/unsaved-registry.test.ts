import { afterEach, describe, expect, it } from 'vitest';
import { formChanged, hasUnsavedWork, markUnsaved, useUnsavedRegistry } from './unsaved-registry';

afterEach(() => useUnsavedRegistry.setState({ owners: new Set() }));

describe('unsaved registry', () => {
  it('is clean until an owner reports typed text', () => {
    expect(hasUnsavedWork()).toBe(false);
    markUnsaved('a', true);
    expect(hasUnsavedWork()).toBe(true);
  });

  it('stays dirty while any owner is dirty', () => {
    markUnsaved('a', true);
    markUnsaved('b', true);
    markUnsaved('a', false);
    expect(hasUnsavedWork()).toBe(true);
    markUnsaved('b', false);
    expect(hasUnsavedWork()).toBe(false);
  });

  it('does not publish a new state when nothing changed', () => {
    markUnsaved('a', true);
    const before = useUnsavedRegistry.getState().owners;
    markUnsaved('a', true);
    expect(useUnsavedRegistry.getState().owners).toBe(before);
  });
});

describe('formChanged', () => {
  it('is false for the values the form opened with', () => {
    expect(formChanged({ a: '', b: 'x' }, { a: '', b: 'x' })).toBe(false);
  });
  it('is true once any field differs', () => {
    expect(formChanged({ a: '', b: 'x' }, { a: 'typed', b: 'x' })).toBe(true);
  });
});
