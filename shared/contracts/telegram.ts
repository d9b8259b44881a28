import { z } from 'zod';

/** Chat-bot control (docs/product.md §API). Chat ids: digits, groups and channels start with a minus. */
const chatId = z
  .string({ error: 'Chat ID is required' })
  .trim()
  .min(1, 'Chat ID is required')
  .max(32, 'Chat ID must be at most 32 characters')
  .regex(/^-?\d+$/, 'Chat ID must be a number (groups and channels start with a minus)');
const message = z
  .string({ error: 'Message is required' })
  .trim()
  .min(1, 'Message is required')
  .max(4096, 'Message must be at most 4096 characters (a Telegram limit)');

export const testMessageSchema = z.object({ chatId, message });
export type TestMessageInput = z.infer<typeof testMessageSchema>;

/**
 * POST /api/telegram/test-notification. `{}` (the preferences wizard) = a test to the caller's own
 * linked chat; with a group, both groupId and topicId are needed (docs/product.md §Validation).
 */
export const testNotificationSchema = z
  .object({
    groupId: z.string().trim().max(32).optional(),
    topicId: z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().max(16)).optional(),
    message: z.string().trim().max(4096, 'Message must be at most 4096 characters (a Telegram limit)').optional(),
  })
  .refine((b) => (!b.groupId && !b.topicId) || (b.groupId && b.topicId), {
    message: 'Please configure Group ID and Topic ID first',
    path: ['topicId'],
  })
  .refine((b) => !b.groupId || /^-?\d+$/.test(b.groupId), {
    message: 'Group ID must be a number (groups start with a minus)',
    path: ['groupId'],
  })
  .refine((b) => !b.topicId || /^\d+$/.test(b.topicId), { message: 'Topic ID must be a number', path: ['topicId'] });
export type TestNotificationInput = z.input<typeof testNotificationSchema>;

export interface TelegramStatus {
  connected: boolean;
  botInfo: { first_name: string; username: string } | null;
  error?: string;
}

export interface TelegramResult {
  success: boolean;
  message?: string;
  error?: string;
}

export interface GroupTopic {
  id: string;
  name: string;
}
