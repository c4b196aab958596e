import { Stack } from '@mantine/core';
import { ADMIN_GROUP, HOME_LINK, WORK_GROUP } from '../nav-items';
import { SidebarGroup } from './sidebar-group';
import { SidebarLink } from './sidebar-link';

/** The links of the sidebar (spec section 2); the caller wraps them in the `<nav>` (docked or in the drawer). */
export const SidebarNav = ({ isAdmin }: { isAdmin: boolean }) => (
  <Stack gap={2}>
    <SidebarLink item={HOME_LINK} />
    {isAdmin && <SidebarGroup group={ADMIN_GROUP} />}
    <SidebarGroup group={WORK_GROUP} />
  </Stack>
);
