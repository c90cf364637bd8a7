/**
 * The voice help of docs/console.md §2 ("a voice-command button with help"): every phrase of §9 and what it does.
 * "help" opens it and "got it" closes it, by voice or by hand.
 */
import { Button, Group, Modal, Table, Text } from '@mantine/core';

import { VOICE_PHRASES } from './voice-phrases';

export interface VoiceHelpProps {
  opened: boolean;
  onClose: () => void;
}

export function VoiceHelp({ opened, onClose }: VoiceHelpProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Voice commands" size={520}>
      <Text size="sm" mb="xs">
        Press the microphone in the header, then say one of these, in English, clearly into the microphone:
      </Text>
      <Table striped withRowBorders={false} verticalSpacing={4} aria-label="Voice phrases">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Say</Table.Th>
            <Table.Th>To</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {VOICE_PHRASES.map(({ phrase, does }) => (
            <Table.Tr key={phrase}>
              <Table.Td w="55%">
                <Text size="sm" fw={600}>
                  “{phrase}”
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{does}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end" mt="sm">
        <Button onClick={onClose}>Got it</Button>
      </Group>
    </Modal>
  );
}
