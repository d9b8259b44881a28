import type { Announcements } from '@dnd-kit/core';

/**
 * What a screen reader hears while a row is moved by keyboard. dnd-kit's default reads the
 * internal ids (text plus a counter); operators need the position in the running order.
 */
export function dragAnnouncements(ids: readonly string[]): Announcements {
  const position = (id: string | number) => ids.indexOf(String(id)) + 1;
  const of = `of ${ids.length}`;
  return {
    onDragStart: ({ active }) => `Picked up headline ${position(active.id)} ${of}.`,
    onDragOver: ({ over }) =>
      over ? `Headline is now at position ${position(over.id)} ${of}.` : 'Headline is outside the list.',
    onDragEnd: ({ active, over }) =>
      over
        ? `Headline dropped at position ${position(over.id)} ${of}.`
        : `Headline ${position(active.id)} dropped back in place.`,
    onDragCancel: ({ active }) => `Moving cancelled. Headline ${position(active.id)} stays where it was.`,
  };
}
