import type { Bot, Context } from 'node-telegram-bot-api';
import { BOT_COMMANDS, mayUseCommand, type BotCommand } from '../../../shared/telegram-commands';
import type { Role, Roletype } from '../../../shared/roles';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/auth';
import { HttpError } from '../../lib/errors';
import { UsersRepo } from '../users/users.repo';
import type { Services } from '../../services';
import { commandActions, type CommandAction } from './telegram-command-actions';

export type { CommandCall } from './telegram-command-actions';

const roleNames = (roles: readonly Role[]) => roles.map((r) => r[0]?.toUpperCase() + r.slice(1)).join(', ');

/**
 * Installs the docs/product.md §Roles commands on a company's bot. Every command except /start needs a user
 * of *this* company linked by telegramId; the role gate is the shared table; the work is done by
 * the same services as the web (same validation, same live events, same activity log).
 */
export function installCommands(ctx: AppContext, services: Services): (bot: Bot, companyId: number) => void {
  const actions = commandActions(ctx, services);
  return (bot, companyId) => {
    for (const def of BOT_COMMANDS) {
      bot.command(def.command, (tg) => run(ctx, def, actions[def.command], tg, companyId));
    }
  };
}

async function run(
  app: AppContext,
  def: BotCommand,
  action: CommandAction | undefined,
  tg: Context,
  companyId: number,
): Promise<void> {
  const from = tg.from;
  if (!from || !action) return;
  const row = await app.store.read((q) => new UsersRepo(q).findByTelegramId(companyId, String(from.id)));
  if (!row) {
    await tg.reply(unlinkedText(from.id));
    return;
  }
  const actor: Actor = {
    userId: row.id,
    companyId,
    role: row.role as Role,
    roletype: row.roletype as Roletype,
    username: row.username,
    fullName: row.fullName,
    tokenHash: 'telegram',
  };
  if (!mayUseCommand(actor.role, def)) {
    await tg.reply(`⛔ /${def.command} is for ${roleNames(def.roles ?? [])}. Your role is ${actor.role}.`);
    return;
  }
  const args = typeof tg.match === 'string' ? tg.match.trim() : '';
  try {
    await tg.reply(await action({ actor, args, ctx: tg }));
  } catch (err) {
    // A refusal of the services (4xx) is the user's answer; anything else is logged, not echoed.
    if (err instanceof HttpError && err.status < 500) await tg.reply(`❌ ${err.message}`);
    else {
      app.logger.error('telegram command failed', { command: def.command, err: String(err) });
      await tg.reply('❌ Something went wrong on the server. Please try again or use the web app.');
    }
  }
}

export function unlinkedText(telegramId: number): string {
  return [
    `Your Telegram ID is ${telegramId}.`,
    'This chat is not linked to a CG Bridge user yet. Ask an owner or admin to open Users, edit your user and enter this number as the Telegram ID. Then send /start again.',
  ].join('\n');
}
