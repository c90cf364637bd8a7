/**
 * /misc/email-template: the mail the console sends when a record starts waiting on someone, as it reads, addressed
 * to you: one mail at once, or, with "daily digest" chosen in your mail preferences, the day's copies and reminders in
 * one. A sample RFI; your own preference is marked.
 */
import {
  Anchor,
  Badge,
  Button,
  Divider,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';

import { useMe } from '../../api/auth';
import { formatDocumentDate } from '../../lib/format';
import { DemoCard } from './demo-card';

type Kind = 'now' | 'digest';

const RECORD = {
  number: 'C1-V01-RFI-00012',
  register: 'Request for inspection',
  title: 'Pier cap P12, second lift: concreting',
  from: 'Rahul Verma (Coastal Constructions Ltd)',
  due: '2026-11-27',
  url: '/contract-data-entry/rfi',
};

export function EmailTemplatePage() {
  const me = useMe().data?.user;
  const mine: Kind = me?.mailDigest ? 'digest' : 'now';
  const [kind, setKind] = useState<Kind>(mine);
  return (
    <DemoCard
      title="A record waits on you"
      note="Copies and reminders can come as one digest a day (Profile › Mail preferences)."
    >
      <Group gap="sm">
        <SegmentedControl
          aria-label="Which mail"
          value={kind}
          onChange={(value) => setKind(value === 'digest' ? 'digest' : 'now')}
          data={[
            { value: 'now', label: 'At once' },
            { value: 'digest', label: 'Daily digest' },
          ]}
        />
        <Badge variant="light">Your choice: {mine === 'digest' ? 'daily digest' : 'each at once'}</Badge>
      </Group>
      <Paper withBorder p="lg" maw={640} data-testid="mail-preview">
        <Stack gap="sm">
          <Text size="xs" c="dimmed">
            From: Metro PMIS &lt;pmis@metrorail.example&gt; · To: {me?.email ?? 'you'}
          </Text>
          <Text fw={700}>
            {kind === 'now'
              ? `${RECORD.number} waits on you: ${RECORD.register}`
              : `Your digest for ${formatDocumentDate('2026-11-24')}: 1 record waits on you, 2 copies`}
          </Text>
          <Divider />
          <Text size="sm">Dear {me?.name ?? 'colleague'},</Text>
          <Text size="sm">
            {kind === 'now'
              ? `${RECORD.from} has sent you a ${RECORD.register.toLowerCase()}. It now waits on you.`
              : 'Here is what came your way today.'}
          </Text>
          <Table withTableBorder layout="fixed" variant="vertical">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w="35%">Record</Table.Th>
                <Table.Td>{RECORD.number}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{RECORD.title}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Respond by</Table.Th>
                <Table.Td>{formatDocumentDate(RECORD.due)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {kind === 'digest' ? (
            <Text size="sm">
              Copies: C1-V01-NCR-0007 was closed by Arjun Mehta; C2-V01-TQ-0031 was answered by Kavita Rao.
            </Text>
          ) : null}
          <Button component={Link} to={RECORD.url} w="fit-content" size="sm">
            Open the record
          </Button>
          <Text size="xs" c="dimmed">
            You receive this because records of your packages wait on you. Choose when mail comes under{' '}
            <Anchor component={Link} to="/views/profile" size="xs">
              your profile
            </Anchor>
            .
          </Text>
        </Stack>
      </Paper>
    </DemoCard>
  );
}
