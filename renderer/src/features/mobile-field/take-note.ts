import { can, PERMISSIONS, type Principal, type Role } from '@shared/roles';

/** Who a role is, as the phone says it. */
const ROLE_WORDS: Record<Role, string> = {
  owner: 'an owner',
  admin: 'an admin',
  editor: 'an editor',
  mcr: 'an MCR operator',
  cameraman: 'a camera operator',
  technical: 'a technician',
  dev: 'a developer',
};

/**
 * What the phone's NEXT says under the staged text (issue 38, point 4). Those the role matrix lets
 * take (the server checks the same permission on Take) get the Take button; anyone else is told who
 * will take it, so nobody in the field thinks a staged line is on air.
 */
export function takeNote(user: Principal | null | undefined): { canTake: boolean; text: string } {
  if (can(user, 'cg.write')) return { canTake: true, text: 'Not on air until Take — here or at CG Control.' };
  const takers: readonly Role[] = PERMISSIONS['cg.write'];
  const who = takers.includes('mcr') ? ROLE_WORDS.mcr : takers.map((r) => ROLE_WORDS[r]).join(' or ');
  return { canTake: false, text: `Staged in NEXT — ${who} takes it to air at CG Control.` };
}
