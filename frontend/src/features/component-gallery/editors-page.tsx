/**
 * /forms/bootstrap-editors: long texts as the console edits them: a growing plain-text box with its limit counted
 * as you type (remarks, action plans), and the three text-cleaning helpers of docs/console.md §5 applied live, so a
 * screen designer sees what each one keeps.
 */
import { Code, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

import { useTranslation } from '../../lib/i18n';
import { keepPlain, stripForQuery, stripUnsafe } from '../../lib/text-cleaning';
import { CardGrid } from './card-grid';
import { DemoCard } from './demo-card';

const LIMIT = 1000;
const SAMPLE =
  'Pier P12 (C1-V01): honeycombing on the east face, approx. 0.6 m² — repair as per method statement MS/07 & re-inspect; cost < ₹50,000? {see NCR #0007}';

/** The helpers, with what each is for (in English: translated where shown). */
const HELPERS = [
  {
    name: 'stripUnsafe',
    use: 'File names and remarks: removes & / \\ # $ ~ % \' " ` : * ? < > { }',
    clean: stripUnsafe,
  },
  {
    name: 'keepPlain',
    use: 'Names and references: keeps letters, digits, spaces and . , - _ ( ) @',
    clean: keepPlain,
  },
  {
    name: 'stripForQuery',
    use: 'Search boxes: removes & / \\ $ % \' " ` = : ; * ? < > { }',
    clean: stripForQuery,
  },
] as const;

export function EditorsPage() {
  const { t } = useTranslation();
  const [text, setText] = useState(SAMPLE);
  const length = [...text].length;
  return (
    <CardGrid>
      <DemoCard
        title={t('Long text')}
        note={t('The record form’s long texts: plain text that grows with what is written.')}
      >
        <Textarea
          label={t('Detailed action plan')}
          autosize
          minRows={4}
          maxRows={12}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={
            length > LIMIT
              ? t('Detailed action plan must be at most {{max}} characters (it has {{length}})', {
                  max: LIMIT,
                  length,
                })
              : undefined
          }
        />
        <Group justify="flex-end">
          <Text size="xs" c={length > LIMIT ? 'red' : 'dimmed'} data-testid="text-count">
            {t('{{length}} / {{max}} characters', { length, max: LIMIT })}
          </Text>
        </Group>
      </DemoCard>
      <DemoCard title={t('Text cleaning')} note={t('What each helper leaves of the text on the left.')}>
        <Table.ScrollContainer minWidth={0}>
          <Table layout="fixed" verticalSpacing="xs">
            <Table.Tbody>
              {HELPERS.map((helper) => (
                <Table.Tr key={helper.name}>
                  <Table.Td>
                    <Stack gap={4}>
                      <Text size="sm" fw={600}>
                        {helper.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t(helper.use)}
                      </Text>
                      <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {helper.clean(text)}
                      </Code>
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </DemoCard>
    </CardGrid>
  );
}
