import { Badge } from '@mantine/core';
import type { Role } from '@shared/roles';

const ROLE_COLOR: Record<Role, string> = {
  owner: 'grape',
  admin: 'red',
  editor: 'blue',
  mcr: 'teal',
  cameraman: 'orange',
  technical: 'yellow',
  dev: 'gray',
};

export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge color={ROLE_COLOR[role]} variant="light" size="sm">
      {role}
    </Badge>
  );
}
