/**
 * /ui/typography: how the console's pages write: headings by level, text sizes and weights, dimmed notes, lists,
 * a quote, code and keys, and found words marked as the DMS search marks them in its snippets.
 */
import { Blockquote, Code, Highlight, Kbd, List, Mark, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

import { formatDocumentDate, groupIndian } from '../../lib/format';
import { CardGrid } from './card-grid';
import { DemoCard } from './demo-card';

const LEVELS = [1, 2, 3, 4, 5, 6] as const;
const SIZES = ['xl', 'lg', 'md', 'sm', 'xs'] as const;

export function TypographyPage() {
  return (
    <CardGrid>
      <DemoCard title="Headings" note="A page’s heading is level 2; its cards’ titles level 3 or 4.">
        <Stack gap={4}>
          {LEVELS.map((level) => (
            <Title key={level} order={level}>
              Level {level}: Blue Line
            </Title>
          ))}
        </Stack>
      </DemoCard>
      <DemoCard title="Text" note="Notes under a title are small and dimmed.">
        <Stack gap={4}>
          {SIZES.map((size) => (
            <Text key={size} size={size}>
              {size}: Pier cap P12 poured on {formatDocumentDate('2026-11-24')}
            </Text>
          ))}
          <Text fw={700}>Bold: ₹ {groupIndian('231905000')} certified</Text>
          <Text c="dimmed" size="sm">
            Dimmed: kept by the administrators
          </Text>
          <Text fs="italic">Italic: a comment quoted from a record’s history</Text>
        </Stack>
      </DemoCard>
      <DemoCard title="Lists and quotes" note="Steps are numbered; a quote stands apart.">
        <List type="ordered" size="sm" spacing={2}>
          <List.Item>Raise the RFI</List.Item>
          <List.Item>The engineer inspects and answers</List.Item>
          <List.Item>The work goes on, or is repaired</List.Item>
        </List>
        <List size="sm" spacing={2}>
          <List.Item>C1-V01: viaduct</List.Item>
          <List.Item>C1-UG01: underground</List.Item>
        </List>
        <Blockquote color="blue" icon={<IconInfoCircle size={18} />} p="sm">
          Safety Week: every site to hold a toolbox talk on working at height.
        </Blockquote>
      </DemoCard>
      <DemoCard title="Code, keys and marks" note="Found words are marked as the DMS search marks them.">
        <Text size="sm">
          A filter: <Code>n_package = 4 AND c_state = &apos;Open&apos;</Code>
        </Text>
        <Text size="sm">
          Move a station: <Kbd>Alt</Kbd> + <Kbd>↑</Kbd>
        </Text>
        <Highlight highlight={['bearing', 'P14']} size="sm">
          The fixed bearing at P14 is grouted before the girder launch; the bearing schedule follows.
        </Highlight>
        <Text size="sm">
          Marked by hand: <Mark>overdue by 3 days</Mark>
        </Text>
      </DemoCard>
    </CardGrid>
  );
}
