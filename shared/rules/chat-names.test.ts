import { describe, expect, it } from 'vitest';
import { chatRoomName, chatSenderName } from './chat-names';

const staffRoom = { type: 'staff' as const, ownerName: 'Mario Rossi', brokerName: null };
const brokerRoom = { type: 'broker' as const, ownerName: 'Mario Rossi', brokerName: 'Assicura Srl' };

describe('chat names', () => {
  it('the staff room is "Staff" to its owner and the owner’s name to admins', () => {
    expect(chatRoomName(staffRoom, { id: 'u', role: 'corner' })).toBe('Staff');
    expect(chatRoomName(staffRoom, { id: 'a', role: 'admin' })).toBe('Mario Rossi');
  });

  it('a broker room carries "- Broker" for non-brokers and the corner’s name for brokers', () => {
    expect(chatRoomName(brokerRoom, { id: 'u', role: 'corner' })).toBe('Assicura Srl - Broker');
    expect(chatRoomName(brokerRoom, { id: 'a', role: 'admin' })).toBe('Assicura Srl - Broker');
    expect(chatRoomName(brokerRoom, { id: 'b', role: 'broker' })).toBe('Mario Rossi');
  });

  it('staff senders are "Staff" to everyone but staff', () => {
    const admin = { role: 'admin' as const, name: 'Giulia Bianchi' };
    expect(chatSenderName(admin, { id: 'u', role: 'corner' })).toBe('Staff');
    expect(chatSenderName(admin, { id: 'b', role: 'broker' })).toBe('Staff');
    expect(chatSenderName(admin, { id: 'a', role: 'admin' })).toBe('Giulia Bianchi');
    expect(chatSenderName({ role: 'corner', name: 'Mario Rossi' }, { id: 'a', role: 'admin' })).toBe('Mario Rossi');
  });
});
