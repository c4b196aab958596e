import { Burger, Group } from '@mantine/core';
import { BrandLogo } from '../../components/brand-logo';
import { NotificationsPopover } from '../../features/notifications/components/notifications-popover';
import { ChatPopover } from './chat-popover';
import { ConnectionStatusDot } from '../../features/shell/components/connection-status-dot';
import { ProfileMenu } from '../../features/shell/components/profile-menu';

type TShellHeaderProps = {
  hasMenu: boolean;
  isMenuOpen: boolean;
  /** The menu opens a drawer (phone, tablet): the button turns into a cross while it is open. */
  isDrawerMode: boolean;
  onMenu: () => void;
  displayName: string | null;
  email: string | null;
  supportEmail: string | null;
};

/** Spec section 2: logo to '/', chat, bell, profile menu, and the menu button (not for brokers). */
export const ShellHeader = ({ hasMenu, isMenuOpen, isDrawerMode, onMenu, displayName, email, supportEmail }: TShellHeaderProps) => (
  <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap">
    <Group gap="xs" wrap="nowrap">
      {hasMenu && <Burger opened={isDrawerMode && isMenuOpen} onClick={onMenu} size="sm" aria-label="Menu" aria-expanded={isMenuOpen} aria-controls="menu-principale" />}
      <BrandLogo nameVisibleFrom="xs" />
    </Group>
    <Group gap={4} wrap="nowrap">
      <ConnectionStatusDot />
      <ChatPopover hasStaffContact={hasMenu} supportEmail={supportEmail} />
      <NotificationsPopover />
      <ProfileMenu displayName={displayName} email={email} />
    </Group>
  </Group>
);
