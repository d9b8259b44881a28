import { describe, expect, it } from 'vitest';
import { allowedRolesText, onlyRolesCan } from './allowed-roles';

describe('who may (issue 22: the /telegram page says why a button is disabled)', () => {
  it('names the roles of the permission matrix', () => {
    expect(onlyRolesCan('equipment.manage', 'add equipment')).toBe(
      'Only owners, admins and technical staff can add equipment.',
    );
    expect(allowedRolesText('cg.write')).toBe('owners, admins, editors, MCR operators and developers');
    expect(allowedRolesText('settings.manage')).toBe('owners and admins');
  });
});
