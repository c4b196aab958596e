import { useSession } from '../../lib/session/use-session';
import { ChatLauncher } from '../../features/chat/components/chat-launcher';

type TChatPopoverProps = { hasStaffContact: boolean; supportEmail: string | null };

/**
 * The header's chat (spec section 2): the chat feature's button and panel. Admins are the staff, so they have
 * no staff contact of their own (they reach corners by search); brokers have no staff chat at all.
 */
export const ChatPopover = ({ hasStaffContact, supportEmail }: TChatPopoverProps) => {
  const session = useSession();
  const user = session.user;
  if (!user) return null;
  // A new identity (login-as and back) starts from an empty chat: no rooms of the other account carry over.
  return <ChatLauncher key={user.id} selfId={user.id} hasStaffContact={hasStaffContact && user.role !== 'admin'} supportEmail={supportEmail} />;
};
