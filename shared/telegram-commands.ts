import type { Role } from './roles';

/**
 * The bot's commands (docs/product.md §Roles) with who may use them — one table for the bot (the gate) and
 * the /telegram page (the list by category). `usage` is our syntax: the spec names the commands
 * but not their arguments (decisions.md, issue 14).
 */
export interface BotCommand {
  command: string;
  category: 'General' | 'Equipment' | 'Approvals' | 'Content';
  usage: string;
  description: string;
  /** null = every linked user. */
  roles: readonly Role[] | null;
}

const EVERYONE = null;
/**
 * Who borrows through the bot: every role of a station (issue 39 point 11, decisions.md). The
 * spec's table lists MCR, Editor, Admin, Owner, but cameramen and technical staff borrow most,
 * and the web and the phone already let every user request and return.
 */
const BORROWERS: readonly Role[] = ['cameraman', 'technical', 'mcr', 'editor', 'admin', 'owner'];
const APPROVERS: readonly Role[] = ['admin', 'owner'];
const WRITERS: readonly Role[] = ['editor', 'admin', 'owner'];

export const BOT_COMMANDS: readonly BotCommand[] = [
  {
    command: 'start',
    category: 'General',
    usage: '/start',
    description: 'Your chat id and whether it is linked',
    roles: EVERYONE,
  },
  {
    command: 'status',
    category: 'General',
    usage: '/status',
    description: 'Your account and your open loans',
    roles: EVERYONE,
  },
  {
    command: 'myrequests',
    category: 'General',
    usage: '/myrequests',
    description: 'Your 10 most recent equipment requests',
    roles: EVERYONE,
  },
  {
    command: 'changepassword',
    category: 'General',
    usage: '/changepassword <current> <new>',
    description: 'Change your password (the message is deleted)',
    roles: EVERYONE,
  },
  {
    command: 'request',
    category: 'Equipment',
    usage: '/request <code> <purpose>',
    description: 'Request an item by its code',
    roles: BORROWERS,
  },
  {
    command: 'return',
    category: 'Equipment',
    usage: '/return <request id>',
    description: 'Hand back a loan (an admin approves the return)',
    roles: BORROWERS,
  },
  {
    command: 'extend',
    category: 'Equipment',
    usage: '/extend <request id> <YYYY-MM-DD> [HH:MM] <reason>',
    description: 'Ask to keep a loan longer (UTC; an admin decides)',
    roles: BORROWERS,
  },
  {
    command: 'approvals',
    category: 'Approvals',
    usage: '/approvals [approve|reject|return|extend|refuse <request id> [reason]]',
    description: 'List pending requests, returns and extensions, or decide one (reject and refuse take a reason)',
    roles: APPROVERS,
  },
  {
    command: 'alerts',
    category: 'Approvals',
    usage: '/alerts',
    description: 'Overdue loans and low stock',
    roles: APPROVERS,
  },
  {
    command: 'addequipment',
    category: 'Equipment',
    usage: '/addequipment <code> | <name> | <location> [| quantity]',
    description: 'Add an item to the catalogue',
    roles: APPROVERS,
  },
  {
    command: 'addnews',
    category: 'Content',
    usage: '/addnews <title> | <content> [| normal|breaking|urgent]',
    description: 'File a news article (draft)',
    roles: WRITERS,
  },
  {
    command: 'addcgbar',
    category: 'Content',
    usage: '/addcgbar <headline|subheadline|crawler|hashtag> <text> (headline: <text> | <subheadline>)',
    description: 'Put text on a CG bar now',
    roles: WRITERS,
  },
];

export function botCommand(name: string): BotCommand | undefined {
  return BOT_COMMANDS.find((c) => c.command === name);
}

export function mayUseCommand(role: Role, command: BotCommand): boolean {
  return command.roles === null || command.roles.includes(role);
}

/** The CG bar of docs/product.md §Data (type headline, subheadline, crawler, hashtag) → where its text goes. */
export const CG_BAR_CHOICES = ['headline', 'subheadline', 'crawler', 'hashtag'] as const;
export type CgBarChoice = (typeof CG_BAR_CHOICES)[number];
/** crawler adds a headline to the news crawler (its file is built from that list); the others write their CG file. */
export const CG_BAR_FILE_TYPES = { headline: 'headline', subheadline: 'subheadline', hashtag: 'hashtag_bar' } as const;
