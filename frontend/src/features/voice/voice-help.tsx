/**
 * The voice help of docs/console.md §2 ("a voice-command button with help"): every phrase of §9 and what it does.
 * "help" opens it and "got it" closes it, by voice or by hand.
 */
import { Button, Group, Modal, Table, Text } from '@mantine/core';

import { useTranslation } from '../../lib/i18n';

import { VOICE_PHRASES } from './voice-phrases';

export interface VoiceHelpProps {
  opened: boolean;
  onClose: () => void;
}

export function VoiceHelp({ opened, onClose }: VoiceHelpProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('Voice commands')} size={520}>
      <Text size="sm" mb="xs">
        {t(
          'Press the microphone in the header, then say one of these, in English, clearly into the microphone:',
        )}
      </Text>
      <Table striped withRowBorders={false} verticalSpacing={4} aria-label={t('Voice phrases')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Say')}</Table.Th>
            {/* "To" as in "to do this" (the context tells it apart from a recipient's "To"). */}
            <Table.Th>{t('To', { context: 'voice' })}</Table.Th>
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
                <Text size="sm">{t(does)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end" mt="sm">
        <Button onClick={onClose}>{t('Got it')}</Button>
      </Group>
    </Modal>
  );
}
