import { CHAT_MSG } from '../chat-messages';
import { BROKER_TYPE_LABELS, BROKER_TYPES, type TBrokerType, type TRole } from '../constants';

/**
 * Chat names as each viewer sees them (spec section 6): non-broker users see the staff as 'Staff'; rooms named
 * after a broker carry the suffix '- Broker' for non-brokers. One function for the server and the chat panel.
 */
export type TChatViewer = { id: string; role: TRole };
/** `sector`: the broker type of a broker room; a room of the whole sector (no broker) is named after it. */
export type TChatRoomNaming = { type: 'staff' | 'broker'; ownerName: string; brokerName: string | null; sector?: string | null };

export const chatRoomName = (room: TChatRoomNaming, viewer: TChatViewer): string => {
  if (room.type === 'staff') return viewer.role === 'admin' ? room.ownerName : CHAT_MSG.staffName;
  if (viewer.role === 'broker') return room.ownerName;
  const sectorName = room.sector ? (BROKER_TYPE_LABELS[room.sector as TBrokerType] ?? room.sector) : '';
  return `${room.brokerName ?? sectorName} ${CHAT_MSG.brokerSuffix}`.trim();
};

/** A sender's name: staff members are 'Staff' to everyone but other staff. */
export const chatSenderName = (sender: { role: TRole; name: string }, viewer: TChatViewer): string =>
  sender.role === 'admin' && viewer.role !== 'admin' ? CHAT_MSG.staffName : sender.name;

/**
 * The broker sectors a chat search names ("gas" and "luce e gas" name 'luce e gas', "rc auto" 'RC Auto'): those
 * whose label holds the searched text, ignoring case and spaces around it. Three characters at least, so a
 * syllable does not list every broker.
 */
export const sectorsMatching = (text: string): TBrokerType[] => {
  const wanted = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (wanted.length < 3) return [];
  return BROKER_TYPES.filter((type) => BROKER_TYPE_LABELS[type].toLowerCase().includes(wanted));
};
