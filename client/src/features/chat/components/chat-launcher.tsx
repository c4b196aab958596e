import { ActionIcon, Center, Drawer, Indicator, Loader, Popover } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Icon } from '../../../components/icons';
import { useIsPhone } from '../../../lib/use-is-phone';
import { pendingTotal } from '../chat-state';
import { useChatController } from '../hooks/use-chat-controller';

const ChatPanel = lazy(() => import('./chat-panel'));

/** Spec sections 4 and 9: the open chat popover closes 500 ms after a click outside (a way back in cancels it). */
export const CHAT_CLOSE_DELAY_MS = 500;

type TChatLauncherProps = { selfId: string; hasStaffContact: boolean; supportEmail: string | null };

/**
 * The header's chat button with the count of messages awaiting acknowledgement, and the panel it shows or
 * hides: anchored under the button on wider screens, a full-screen drawer on phones. The chat state lives
 * here, so rooms and the pending list stay live while the panel is hidden.
 */
export const ChatLauncher = ({ selfId, hasStaffContact, supportEmail }: TChatLauncherProps) => {
  const isPhone = useIsPhone();
  const [isOpen, setIsOpen] = useState(false);
  const chat = useChatController({ selfId, isShown: isOpen });
  const total = pendingTotal(chat.state);
  const label = total > 0 ? `Chat, ${total} da leggere` : 'Chat';
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancelClose = useCallback(() => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  }, []);
  const close = useCallback(() => {
    cancelClose();
    setIsOpen(false);
  }, [cancelClose]);
  const closeLater = useCallback(() => {
    cancelClose();
    closeTimer.current = setTimeout(() => {
      closeTimer.current = null;
      setIsOpen(false);
    }, CHAT_CLOSE_DELAY_MS);
  }, [cancelClose]);
  const toggle = () => {
    cancelClose();
    setIsOpen((open) => !open);
  };
  useEffect(() => cancelClose, [cancelClose]);

  // Overflow visible: the round button would cut a two-digit count ("55", "99+") sticking out of it.
  const button = (
    <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label={label} title={label} aria-expanded={isOpen} aria-haspopup="dialog" onClick={toggle} style={{ overflow: 'visible' }}>
      <Indicator disabled={total === 0} label={total > 99 ? '99+' : total} size={16} offset={2} color="red" data-testid="chat-badge">
        <Icon name="chat" size={22} />
      </Indicator>
    </ActionIcon>
  );
  const panel = (
    <Suspense
      fallback={
        <Center h={160}>
          <Loader size="sm" aria-label="Caricamento della chat" />
        </Center>
      }
    >
      <ChatPanel chat={chat} hasStaffContact={hasStaffContact} supportEmail={supportEmail} isPhone={isPhone} onClose={close} />
    </Suspense>
  );

  if (isPhone) {
    return (
      <>
        {button}
        <Drawer
          opened={isOpen}
          onClose={close}
          position="right"
          size="100%"
          title="Chat"
          padding={0}
          styles={{ header: { paddingInline: 'var(--mantine-spacing-sm)' }, body: { height: 'calc(100% - 60px)' }, title: { fontWeight: 700 } }}
        >
          {panel}
        </Drawer>
      </>
    );
  }

  return (
    <Popover
      opened={isOpen}
      onChange={(opened) => (opened ? setIsOpen(true) : closeLater())}
      closeOnEscape={false}
      position="bottom-end"
      width={420}
      shadow="md"
      withinPortal
      trapFocus
      returnFocus
    >
      <Popover.Target>{button}</Popover.Target>
      <Popover.Dropdown
        p={0}
        aria-label="Chat"
        maw="calc(100vw - 16px)"
        onMouseEnter={cancelClose}
        onPointerDown={cancelClose}
        onFocusCapture={cancelClose}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
      >
        {panel}
      </Popover.Dropdown>
    </Popover>
  );
};
