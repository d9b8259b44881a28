/**
 * The saved chat IDs of the /telegram page (docs/product.md §Screens and routes): a per-station list in this browser,
 * starting with one test group. Pure functions (tested) + localStorage.
 */
export interface SavedChat {
  chatId: string;
  name: string;
}

export const CHAT_EXISTS = 'Chat ID already exists';
export const DEFAULT_CHATS: readonly SavedChat[] = [{ chatId: '-1001234567890', name: 'Test group' }];
const key = (companyId: number) => `cgb.telegram.chats.${companyId}`;

export function chatIdProblem(chatId: string): string | null {
  const id = chatId.trim();
  if (!id) return 'Chat ID is required';
  return /^-?\d+$/.test(id) ? null : 'Chat ID must be a number (groups and channels start with a minus)';
}

export function addChat(list: readonly SavedChat[], chat: SavedChat): { list: SavedChat[] } | { error: string } {
  const chatId = chat.chatId.trim();
  const problem = chatIdProblem(chatId);
  if (problem) return { error: problem };
  if (list.some((c) => c.chatId === chatId)) return { error: CHAT_EXISTS };
  const name = chat.name.trim() || (chatId.startsWith('-') ? 'Group' : 'Private chat');
  return { list: [...list, { chatId, name }] };
}

export function removeChat(list: readonly SavedChat[], chatId: string): SavedChat[] {
  return list.filter((c) => c.chatId !== chatId);
}

function isSavedChat(value: unknown): value is SavedChat {
  if (!value || typeof value !== 'object') return false;
  const c = value as Record<string, unknown>;
  return typeof c.chatId === 'string' && typeof c.name === 'string';
}

export function loadChats(companyId: number): SavedChat[] {
  try {
    const raw = localStorage.getItem(key(companyId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (Array.isArray(parsed)) return parsed.filter(isSavedChat);
  } catch {
    // A damaged entry falls back to the default list.
  }
  return [...DEFAULT_CHATS];
}

export function storeChats(companyId: number, list: readonly SavedChat[]): void {
  localStorage.setItem(key(companyId), JSON.stringify(list));
}
