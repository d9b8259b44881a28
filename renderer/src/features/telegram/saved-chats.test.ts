import { describe, expect, it } from 'vitest';
import { addChat, CHAT_EXISTS, DEFAULT_CHATS, removeChat } from './saved-chats';

describe('saved chat IDs', () => {
  it('starts with one test group', () => {
    expect(DEFAULT_CHATS).toHaveLength(1);
    expect(DEFAULT_CHATS[0]?.chatId.startsWith('-')).toBe(true);
  });
  it('adds a chat, refuses a duplicate with the spec text, and removes', () => {
    const added = addChat(DEFAULT_CHATS, { chatId: ' 12345 ', name: 'Aishath' });
    expect(added).toEqual({ list: [...DEFAULT_CHATS, { chatId: '12345', name: 'Aishath' }] });
    const list = 'list' in added ? added.list : [];
    expect(addChat(list, { chatId: '12345', name: 'again' })).toEqual({ error: CHAT_EXISTS });
    expect(removeChat(list, '12345')).toEqual([...DEFAULT_CHATS]);
  });
  it('refuses what is not a chat id and names groups by default', () => {
    expect(addChat([], { chatId: '', name: '' })).toEqual({ error: 'Chat ID is required' });
    expect(addChat([], { chatId: '@newsroom', name: '' })).toEqual({
      error: 'Chat ID must be a number (groups and channels start with a minus)',
    });
    expect(addChat([], { chatId: '-100999', name: '' })).toEqual({ list: [{ chatId: '-100999', name: 'Group' }] });
  });
});
