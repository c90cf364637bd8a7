/**
 * /ui/typography: how the console's pages write: headings by level, text sizes and weights, dimmed notes, lists,
 * a quote, code and keys, and found words marked as the DMS search marks them in its snippets.
 */
import { Blockquote, Code, Highlight, Kbd, List, Mark, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

import { formatDocumentDate, groupIndian } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { CardGrid } from './card-grid';
import { DemoCard } from './demo-card';
import { RichText } from './rich-text';

const LEVELS = [1, 2, 3, 4, 5, 6] as const;
const SIZES = ['xl', 'lg', 'md', 'sm', 'xs'] as const;

export function TypographyPage() {
  const { t } = useTranslation();
  return (
    <CardGrid>
      <DemoCard
        title={t('Headings')}
        note={t('A page’s heading is level 2; its cards’ titles level 3 or 4.')}
      >
        <Stack gap={4}>
          {LEVELS.map((level) => (
            <Title key={level} order={level}>
              {t('Level {{level}}: Blue Line', { level })}
            </Title>
          ))}
        </Stack>
      </DemoCard>
      <DemoCard title={t('Text')} note={t('Notes under a title are small and dimmed.')}>
        <Stack gap={4}>
          {SIZES.map((size) => (
            <Text key={size} size={size}>
              {t('{{size}}: Pier cap P12 poured on {{date}}', {
                size,
                date: formatDocumentDate('2026-11-24'),
              })}
            </Text>
          ))}
          <Text fw={700}>{t('Bold: ₹ {{amount}} certified', { amount: groupIndian('231905000') })}</Text>
          <Text c="dimmed" size="sm">
            {t('Dimmed: kept by the administrators')}
          </Text>
          <Text fs="italic">{t('Italic: a comment quoted from a record’s history')}</Text>
        </Stack>
      </DemoCard>
      <DemoCard title={t('Lists and quotes')} note={t('Steps are numbered; a quote stands apart.')}>
        <List type="ordered" size="sm" spacing={2}>
          <List.Item>{t('Raise the RFI')}</List.Item>
          <List.Item>{t('The engineer inspects and answers')}</List.Item>
          <List.Item>{t('The work goes on, or is repaired')}</List.Item>
        </List>
        <List size="sm" spacing={2}>
          <List.Item>{t('{{package}}: viaduct', { package: 'C1-V01' })}</List.Item>
          <List.Item>{t('{{package}}: underground', { package: 'C1-UG01' })}</List.Item>
        </List>
        <Blockquote color="blue" icon={<IconInfoCircle size={18} />} p="sm">
          {t('Safety Week: every site to hold a toolbox talk on working at height.')}
        </Blockquote>
      </DemoCard>
      <DemoCard
        title={t('Code, keys and marks')}
        note={t('Found words are marked as the DMS search marks them.')}
      >
        <Text size="sm">
          <RichText
            text={t('A filter: {{filter}}')}
            parts={{ filter: <Code>{"n_package = 4 AND c_state = 'Open'"}</Code> }}
          />
        </Text>
        <Text size="sm">
          <RichText
            text={t('Move a station: {{keys}}')}
            parts={{
              keys: (
                <>
                  <Kbd>Alt</Kbd> + <Kbd>↑</Kbd>
                </>
              ),
            }}
          />
        </Text>
        <Highlight highlight={[t('bearing'), 'P14']} size="sm">
          {t('The fixed bearing at P14 is grouted before the girder launch; the bearing schedule follows.')}
        </Highlight>
        <Text size="sm">
          <RichText
            text={t('Marked by hand: {{marked}}')}
            parts={{ marked: <Mark>{t('overdue by 3 days')}</Mark> }}
          />
        </Text>
      </DemoCard>
    </CardGrid>
  );
}
