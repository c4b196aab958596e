import { Stack } from '@mantine/core';
import { useNav } from '../../../lib/nav-context';
import { SidebarGroup } from './sidebar-group';
import { SidebarLink } from './sidebar-link';

/** The links of the sidebar (spec section 2, assembled by the app); the caller wraps them in the `<nav>`. */
export const SidebarNav = ({ isAdmin }: { isAdmin: boolean }) => {
  const nav = useNav();
  return (
    <Stack gap={2}>
      <SidebarLink item={nav.home} />
      {nav.groups.map(({ group, adminOnly }) => (!adminOnly || isAdmin ? <SidebarGroup key={group.label} group={group} /> : null))}
    </Stack>
  );
};
