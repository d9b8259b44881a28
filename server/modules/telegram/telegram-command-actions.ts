import { createEquipmentSchema } from '../../../shared/contracts/equipment';
import { createNewsSchema } from '../../../shared/contracts/news';
import { addHeadlineSchema } from '../../../shared/contracts/crawler';
import { BOT_COMMANDS, CG_BAR_CHOICES, CG_BAR_FILE_TYPES, mayUseCommand } from '../../../shared/telegram-commands';
import { addHeadline } from '../crawler/crawler-ops';
import type { CgChange } from '../cg-files/cg-changes';
import { OVERDUE_STATUSES } from '../../../shared/notification-rules';
import { TELEGRAM_ON_AIR_MAX_AGE_S } from '../../../shared/constants';
import type { EquipmentRequest } from '../../../shared/contracts/equipment';
import type { Context } from 'node-telegram-bot-api';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import { parse } from '../../lib/validate';
import type { Services } from '../../services';
import { parseRequestNumber, requestNumber } from '../../../shared/request-number';

/** What a command handler gets: the linked user as an Actor, the text after the command, the update. */
export interface CommandCall {
  actor: Actor;
  args: string;
  ctx: Context;
}

export type CommandAction = (call: CommandCall) => Promise<string> | string;

const MY_REQUESTS_LIMIT = 10;

/** "2026-11-28T18:30:00.000Z" → "2026-11-28 18:30 UTC" (the bot's times are UTC). */
const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
const line = (r: EquipmentRequest) =>
  r.status === 'rejected'
    ? `${requestNumber(r.id)} ${r.equipmentName ?? '(item removed)'} — rejected${r.rejectionReason ? `: ${r.rejectionReason}` : ''}`
    : `${requestNumber(r.id)} ${r.equipmentName ?? '(item removed)'} — ${r.status.replace('_', ' ')}${r.expectedReturnDate ? `, due ${utc(r.expectedReturnDate)}` : ''}`;
/** An extension to decide: both dates, the reason and who asked (issue 39). */
const extensionLine = (r: EquipmentRequest) =>
  `${requestNumber(r.id)} ${r.equipmentName ?? '(item removed)'} — due ${r.expectedReturnDate ? utc(r.expectedReturnDate) : 'no date'} → ${r.extension ? utc(r.extension.newReturnDate) : '?'}: ${r.extension?.reason ?? 'no reason given'} (${r.extension?.requestedByName ?? 'someone'})`;
const EXTEND_USAGE = 'Usage: /extend <request id> <YYYY-MM-DD> [HH:MM] <reason> (UTC; see /myrequests)';

/**
 * /extend's date: "YYYY-MM-DD" [+ "HH:MM"] in UTC (as every time the bot prints); without a time,
 * the loan's current due time on that day. Null when the words are not a date.
 */
function extensionDate(day: string, time: string | undefined, currentDue: string | null): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const clock = time ?? (currentDue ? currentDue.slice(11, 16) : '23:59');
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(clock)) return null;
  const at = new Date(`${day}T${clock}:00.000Z`);
  return Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== day ? null : at.toISOString();
}
/** "a | b | c" → ['a', 'b', 'c'] (the bot's field separator: titles may hold spaces). */
const fields = (args: string) => args.split('|').map((f) => f.trim());

/**
 * A chat cannot show the emergency on air nor ask before sending, as every screen does (issue
 * 22): while emergency.txt has text, the bot puts nothing on air and says why.
 */
async function refuseDuringEmergency(s: Services, actor: CommandCall['actor']): Promise<void> {
  const emergency = (await s.cgFiles.list(actor)).find((f) => f.type === 'emergency')?.content.trim();
  if (emergency)
    throw badRequest(
      `Not put on air: an emergency is on air (${JSON.stringify(emergency)}). Send from CG Control, where you can see it, or end the emergency first.`,
    );
}

/**
 * /addcgbar's changes. A headline brings its subheadline, as on every path (issue 22's rule, issue
 * 38): "headline Title | Sub" sends both, "headline Title" clears the previous story's line.
 */
function cgBarChanges(
  kind: Exclude<(typeof CG_BAR_CHOICES)[number], 'crawler'>,
  text: string,
): { changes: CgChange[]; said: string; note: string } {
  if (kind !== 'headline')
    return { changes: [{ type: CG_BAR_FILE_TYPES[kind], content: text }], said: `${kind} is`, note: '' };
  const [headline = '', ...rest] = text.split('|').map((part) => part.trim());
  const subheadline = rest.join(' | ');
  const changes: CgChange[] = [
    { type: 'headline', content: headline },
    { type: 'subheadline', content: subheadline, field: 'subheadline' },
  ];
  return {
    changes,
    said: subheadline ? 'headline and subheadline are' : 'headline is',
    note: subheadline ? '' : ' The subheadline was cleared with it.',
  };
}

/** The commands' work, each through the web's own service. */
export function commandActions(ctx: AppContext, s: Services): Record<string, CommandAction> {
  const mine = async (call: CommandCall) =>
    (await s.equipmentRequests.list(call.actor)).filter((r) => r.requestedBy === call.actor.userId);
  return {
    start: ({ actor }) => {
      const usable = BOT_COMMANDS.filter((c) => mayUseCommand(actor.role, c)).map((c) => c.usage);
      return [
        `Hello ${actor.fullName}! You are linked as ${actor.username} (${actor.role}).`,
        'You can use:',
        ...usable,
      ].join('\n');
    },
    status: async (call) => {
      const open = (await mine(call)).filter((r) => !['returned', 'rejected'].includes(r.status));
      return [
        `${call.actor.fullName} (${call.actor.role})`,
        open.length ? `Open requests and loans: ${open.length}` : 'No open requests or loans.',
        ...open.slice(0, MY_REQUESTS_LIMIT).map(line),
      ].join('\n');
    },
    myrequests: async (call) => {
      const recent = (await mine(call))
        .sort((a, b) => b.requestedAt.localeCompare(a.requestedAt) || b.id - a.id)
        .slice(0, MY_REQUESTS_LIMIT);
      return recent.length
        ? ['Your recent requests:', ...recent.map(line)].join('\n')
        : 'You have no equipment requests yet.';
    },
    changepassword: async ({ actor, args, ctx: tg }) => {
      // The message holds passwords: it goes first, whatever happens next.
      const message = tg.message;
      if (message)
        await tg.api.deleteMessage({ chat_id: message.chat.id, message_id: message.message_id }).catch(() => undefined);
      const [current, next, extra] = args.split(/\s+/).filter(Boolean);
      if (!current || !next || extra)
        throw badRequest('Usage: /changepassword <current password> <new password> (no spaces inside a password)');
      // The same limit as the login form: otherwise the bot would be an unlimited password oracle.
      await s.auth.limitPasswordCheck(actor.userId, () => s.users.changeOwnPassword(actor, current, next));
      return 'Your password was changed. Sign in again on the web and on your phone.';
    },
    request: async ({ actor, args }) => {
      const [code, ...purpose] = args.split(/\s+/).filter(Boolean);
      if (!code || !purpose.length) throw badRequest('Usage: /request <equipment code> <purpose>');
      const item = (await s.equipment.list(actor)).find((e) => e.code.toLowerCase() === code.toLowerCase());
      if (!item) throw notFound(`Equipment with code ${code}`);
      const created = await s.equipmentRequests.create(
        actor,
        { equipmentId: item.id, purpose: purpose.join(' '), notes: null, location: null, expectedReturnDate: null },
        'telegram',
      );
      return `✅ Request ${requestNumber(created.id)} for ${item.name} sent.${created.notice ? ` ${created.notice}.` : ''} An admin will approve it.`;
    },
    extend: async ({ actor, args }) => {
      const [idText, day, ...rest] = args.split(/\s+/).filter(Boolean);
      const id = parseRequestNumber(idText);
      const time = rest[0] && /^\d{1,2}:\d{2}$/.test(rest[0]) ? rest.shift() : undefined;
      const reason = rest.join(' ');
      if (id === null || !day || !reason) throw badRequest(EXTEND_USAGE);
      const current = await s.equipmentRequests.get(actor, id);
      const newReturnDate = extensionDate(day, time, current.expectedReturnDate);
      if (!newReturnDate) throw badRequest(EXTEND_USAGE);
      const r = await s.equipmentRequests.extend(actor, id, { newReturnDate, reason });
      return `✅ Extension of ${requestNumber(r.id)} to ${utc(newReturnDate)} requested. An admin decides.`;
    },
    return: async ({ actor, args }) => {
      const id = parseRequestNumber(args);
      if (id === null) throw badRequest('Usage: /return <request id> (see /myrequests)');
      const r = await s.equipmentRequests.returnLoan(actor, id);
      return r.status === 'returned'
        ? `✅ ${requestNumber(r.id)} returned.`
        : `✅ Return of ${requestNumber(r.id)} requested. An admin approves it before the item is available again.`;
    },
    approvals: async ({ actor, args }) => {
      const [verb, idText, ...words] = args.split(/\s+/).filter(Boolean);
      if (verb) {
        const id = parseRequestNumber(idText);
        const said = words.join(' ') || null;
        const v = verb.toLowerCase();
        if (id !== null && (v === 'extend' || v === 'refuse')) {
          const r = await s.equipmentRequests.decideExtension(actor, id, {
            approved: v === 'extend',
            rejectionReason: v === 'refuse' ? said : null,
          });
          return `✅ ${v === 'extend' ? 'Extension approved' : 'Extension refused'}: ${line(r)}`;
        }
        const actions = { approve: 'approve', reject: 'reject', return: 'approve_return' } as const;
        const action = Object.hasOwn(actions, v) ? actions[v as keyof typeof actions] : undefined;
        if (!action || id === null)
          throw badRequest(
            'Usage: /approvals, or /approvals approve|reject|return|extend|refuse <request id> [reason]',
          );
        const r = await s.equipmentRequests.act(actor, id, action, action === 'reject' ? { reason: said } : {});
        return `✅ ${line(r)}`;
      }
      const all = await s.equipmentRequests.list(actor);
      const pending = all.filter((r) => r.status === 'pending');
      const returns = all.filter((r) => r.status === 'return_requested');
      const extensions = all.filter((r) => r.status === 'extension_pending');
      if (!pending.length && !returns.length && !extensions.length) return 'Nothing waits for approval.';
      return [
        `Pending requests (${pending.length}):`,
        ...pending.slice(0, 10).map((r) => `${line(r)} — ${r.requestedByName ?? ''}`),
        `Returns to approve (${returns.length}):`,
        ...returns.slice(0, 10).map(line),
        `Extensions to decide (${extensions.length}):`,
        ...extensions.slice(0, 10).map(extensionLine),
        'Reply /approvals approve <id>, /approvals reject <id> <reason>, /approvals return <id>, /approvals extend <id> or /approvals refuse <id> <reason>.',
      ].join('\n');
    },
    alerts: async ({ actor }) => {
      const now = ctx.clock.now().toISOString();
      const overdue = (await s.equipmentRequests.list(actor)).filter(
        (r) => OVERDUE_STATUSES.includes(r.status) && r.expectedReturnDate !== null && r.expectedReturnDate < now,
      );
      const low = (await s.equipment.list(actor)).filter((e) => e.minStock > 0 && e.currentStock <= e.minStock);
      if (!overdue.length && !low.length) return 'No alerts: nothing overdue, no low stock.';
      return [
        `Overdue (${overdue.length}):`,
        ...overdue.slice(0, 10).map((r) => `${line(r)} — ${r.requestedByName ?? ''}`),
        `Low stock (${low.length}):`,
        ...low.slice(0, 10).map((e) => `${e.code} ${e.name}: ${e.currentStock} left (minimum ${e.minStock})`),
      ].join('\n');
    },
    addequipment: async ({ actor, args }) => {
      const [code, name, location, quantity] = fields(args);
      const input = parse(createEquipmentSchema, { code, name, location, ...(quantity ? { quantity } : {}) });
      const item = await s.equipment.create(actor, input);
      return `✅ ${item.name} (${item.code}) added, ${item.quantity} unit(s).`;
    },
    addnews: async ({ actor, args }) => {
      const [title, content, priority] = fields(args);
      const input = parse(createNewsSchema, {
        title,
        content,
        ...(priority ? { priority: priority.toLowerCase() } : {}),
      });
      const news = await s.news.create(actor, input);
      return `✅ News #${news.id} "${news.title}" filed as ${news.status} (${news.priority}).`;
    },
    addcgbar: async ({ actor, args, ctx: tg }) => {
      // On air happens now or not at all: a command that waited in Telegram while the server was
      // down is not replayed onto the screen minutes later.
      const sentAt = (tg.message?.date ?? 0) * 1000;
      const ageS = Math.round((ctx.clock.now().getTime() - sentAt) / 1000);
      if (ageS > TELEGRAM_ON_AIR_MAX_AGE_S)
        throw badRequest(
          `Not put on air: your message is ${ageS} s old (the bot was offline). Send it again if it is still right.`,
        );
      const type = /^\S+/.exec(args)?.[0] ?? '';
      const kind = CG_BAR_CHOICES.find((t) => t === type.toLowerCase());
      const text = args.slice(type.length).trim();
      if (!kind || !text) throw badRequest(`Usage: /addcgbar <${CG_BAR_CHOICES.join('|')}> <text>`);
      await refuseDuringEmergency(s, actor);
      // The as-run log's source: this change came through the bot.
      const writer = { userId: actor.userId, companyId: actor.companyId, source: 'telegram' as const };
      if (kind === 'crawler') {
        const { headline } = parse(addHeadlineSchema, { headline: text });
        const { staged } = await s.crawler.mutate(writer, (list) => addHeadline(list, headline), 'headline');
        return staged
          ? '✅ Added to the news crawler in NEXT: the control room takes it to air.'
          : '✅ Added to the news crawler.';
      }
      // Take mode (issue 25): text from outside the control room waits in NEXT for an operator's Take.
      const { changes, said, note } = cgBarChanges(kind, text);
      const sent = await s.cgNext.send(writer, changes);
      return (sent.staged ? `✅ ${said} in NEXT: the control room takes it to air.` : `✅ ${said} on air.`) + note;
    },
  };
}
