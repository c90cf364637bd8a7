import { describe, expect, it } from 'vitest';

import {
  CHAT_BOX_GAP,
  CHAT_BOX_WIDTH,
  chatStorageKey,
  chatUsers,
  closeBox,
  findPeople,
  messageToSend,
  openBox,
  restoreConversations,
  sampleStatus,
  sendMessage,
} from './chat-rules';

const NOW = new Date('2026-11-24T05:00:00Z');

describe('sending a chat message', () => {
  it('sends no empty or whitespace-only message', () => {
    expect(messageToSend('')).toBeNull();
    expect(messageToSend('   ')).toBeNull();
    expect(messageToSend('\n\t ')).toBeNull();
    const none = {};
    expect(sendMessage(none, 3, '  ', NOW, 'm1')).toBe(none);
  });

  it('sends the text trimmed, to the conversation with that person', () => {
    expect(messageToSend('  Pour at P12 moved to 14:00 ')).toBe('Pour at P12 moved to 14:00');
    const after = sendMessage({}, 3, ' RFI-00012 is ready for you ', NOW, 'm1');
    expect(after).toEqual({
      '3': [{ id: 'm1', mine: true, text: 'RFI-00012 is ready for you', at: NOW.toISOString() }],
    });
    const more = sendMessage(after, 3, 'Thanks', NOW, 'm2');
    expect(more['3']?.map((m) => m.text)).toEqual(['RFI-00012 is ready for you', 'Thanks']);
  });

  it('cuts a very long message at 500 characters', () => {
    expect(messageToSend('x'.repeat(600))?.length).toBe(500);
  });
});

describe('the people and their boxes', () => {
  it('lists the forwarding user list by name with username, status, picture and role', () => {
    const users = chatUsers([
      { id: 5, name: 'Arjun Mehta', email: 'arjun.mehta@pmc.example' },
      { id: 3, name: 'Rahul Verma', email: 'rahul.verma@contractor.example' },
      { id: 4, name: 'Anil Deshmukh', email: 'anil' },
      { id: 8, name: null, email: null },
    ]);
    expect(users.map((u) => u.name)).toEqual(['Anil Deshmukh', 'Arjun Mehta', 'Rahul Verma', 'User 8']);
    expect(users[1]).toEqual({
      id: 5,
      name: 'Arjun Mehta',
      username: 'arjun.mehta',
      status: sampleStatus(5),
      picture: null,
      role: 'pmc.example',
    });
    expect(users[0]?.role).toBe('unknown organisation');
  });

  it('gives each person the same sample status every time', () => {
    expect(sampleStatus(3)).toBe(sampleStatus(3));
    expect(new Set([0, 1, 2].map(sampleStatus))).toEqual(new Set(['online', 'away', 'busy']));
  });

  it('keeps boxes 200 wide with a 35 gap, at most three open, the oldest closing first', () => {
    expect([CHAT_BOX_WIDTH, CHAT_BOX_GAP]).toEqual([200, 35]);
    expect(openBox([3, 5], 5)).toEqual([3, 5]);
    expect(openBox([3, 5, 7], 9)).toEqual([5, 7, 9]);
    expect(closeBox([3, 5], 3)).toEqual([5]);
  });

  it('finds people by name or username', () => {
    const users = chatUsers([
      { id: 5, name: 'Arjun Mehta', email: 'arjun.mehta@pmc.example' },
      { id: 9, name: 'Kavita Rao', email: 'kavita.rao@metroddc.example' },
    ]);
    expect(findPeople(users, ' RAO').map((u) => u.id)).toEqual([9]);
    expect(findPeople(users, 'arjun.').map((u) => u.id)).toEqual([5]);
    expect(findPeople(users, '')).toHaveLength(2);
  });
});

describe('the conversations kept in the browser', () => {
  it('are kept per user and read back defensively', () => {
    expect(chatStorageKey(1)).not.toBe(chatStorageKey(2));
    const kept = sendMessage({}, 3, 'Hello', NOW, 'm1');
    expect(restoreConversations(JSON.stringify(kept))).toEqual(kept);
    expect(restoreConversations(JSON.stringify({ x: [], '4': [{ id: 1 }], '5': 'no' }))).toEqual({ '4': [] });
    expect(restoreConversations('[]')).toEqual({});
    expect(restoreConversations('{')).toEqual({});
  });
});
