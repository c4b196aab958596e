import { ActionIcon, Avatar, Menu, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { ChangePasswordDialog } from '../../../components/password/change-password-dialog';
import { Icon } from '../../../components/icons';
import { PATHS } from '../../../lib/paths';
import { hasAccountPages, hasGiftcardPage } from '../../../lib/session/role-rules';
import { useSession } from '../../../lib/session/use-session';
import { useAccountActions } from '../hooks/use-account-actions';

type TProfileMenuProps = { displayName: string | null; email: string | null };

/** Mantine draws a `color="red"` item in red 6 (3.3:1 on white); the theme's light red text passes AA, hovered too. */
const EXIT_COLOR = 'var(--mantine-color-red-light-color)';

/** The profile menu of spec sections 2 and 6; brokers get only the password and the way out. */
export const ProfileMenu = ({ displayName, email }: TProfileMenuProps) => {
  const { user, isImpersonating } = useSession();
  const [isPasswordOpen, passwordDialog] = useDisclosure(false);
  const { returnToAccount, signOut } = useAccountActions();
  const role = user?.role;
  return (
    <>
      <Menu position="bottom-end" width={250} shadow="md" withinPortal>
        <Menu.Target>
          {/* A figure, not initials: visible text would have to be part of the name "Profilo" (WCAG 2.5.3). */}
          <ActionIcon variant="subtle" size={40} radius="xl" aria-label="Profilo">
            <Avatar size={34} radius="xl" color="indigo" />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {displayName && (
            <div style={{ padding: '8px 12px' }}>
              <Text size="sm" fw={600} truncate>
                {displayName}
              </Text>
              {email && (
                <Text size="xs" c="dimmed" truncate>
                  {email}
                </Text>
              )}
            </div>
          )}
          <Menu.Divider />
          {hasAccountPages(role) && (
            <Menu.Item component={Link} to={PATHS.profile} leftSection={<Icon name="user" size={16} />}>
              Profilo
            </Menu.Item>
          )}
          {hasGiftcardPage(role) && (
            <Menu.Item component={Link} to={PATHS.myGiftcard} leftSection={<Icon name="gift" size={16} />}>
              La mia Gift Card
            </Menu.Item>
          )}
          {hasAccountPages(role) && (
            <>
              <Menu.Item component={Link} to={PATHS.payments} leftSection={<Icon name="card" size={16} />}>
                Pagamenti
              </Menu.Item>
              <Menu.Item component={Link} to={PATHS.documents} leftSection={<Icon name="folder" size={16} />}>
                Documenti
              </Menu.Item>
              <Menu.Divider />
            </>
          )}
          <Menu.Item onClick={passwordDialog.open} leftSection={<Icon name="key" size={16} />}>
            Cambia password
          </Menu.Item>
          {isImpersonating && (
            <Menu.Item onClick={() => returnToAccount.mutate()} leftSection={<Icon name="back" size={16} />}>
              Torna al tuo account
            </Menu.Item>
          )}
          <Menu.Item color={EXIT_COLOR} onClick={() => signOut.mutate()} leftSection={<Icon name="logout" size={16} />}>
            Esci
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ChangePasswordDialog opened={isPasswordOpen} onClose={passwordDialog.close} />
    </>
  );
};
