import { AppShell, Drawer, ScrollArea } from '@mantine/core';
import { SidebarNav } from '../../features/shell/components/sidebar-nav';

type TShellSidebarProps = { isDesktop: boolean; isDocked: boolean; isDrawerOpen: boolean; onCloseDrawer: () => void; isAdmin: boolean };

/**
 * Docked beside the page on a wide screen; on a phone or tablet a drawer opened by "Menu" that closes on
 * outside click, on Esc and (in the layout) on every route change.
 */
export const ShellSidebar = ({ isDesktop, isDocked, isDrawerOpen, onCloseDrawer, isAdmin }: TShellSidebarProps) =>
  isDesktop ? (
    // Folded away by "Menu", it slides out of sight; `inert` takes it out of the tab order and the reading order too.
    <AppShell.Navbar id="menu-principale" aria-label="Menu principale" p="sm" inert={!isDocked}>
      <AppShell.Section grow component={ScrollArea} type="auto">
        <SidebarNav isAdmin={isAdmin} />
      </AppShell.Section>
    </AppShell.Navbar>
  ) : (
    <Drawer opened={isDrawerOpen} onClose={onCloseDrawer} size={300} padding="sm" title="Menu" closeButtonProps={{ 'aria-label': 'Chiudi il menu' }}>
      <nav id="menu-principale" aria-label="Menu principale">
        <SidebarNav isAdmin={isAdmin} />
      </nav>
    </Drawer>
  );
