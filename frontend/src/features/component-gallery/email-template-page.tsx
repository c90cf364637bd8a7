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
import { useTranslation } from '../../lib/i18n';
import { DemoCard } from './demo-card';
import { RichText } from './rich-text';

type Kind = 'now' | 'digest';

/** The sample record (its register's name in English: translated where shown). */
const RECORD = {
  number: 'C1-V01-RFI-00012',
  register: 'Request for inspection',
  title: 'Pier cap P12, second lift: concreting',
  from: 'Rahul Verma (Coastal Constructions Ltd)',
  due: '2026-11-27',
  url: '/contract-data-entry/rfi',
};

export function EmailTemplatePage() {
  const { t } = useTranslation();
  const me = useMe().data?.user;
  const mine: Kind = me?.mailDigest ? 'digest' : 'now';
  const [kind, setKind] = useState<Kind>(mine);
  return (
    <DemoCard
      title={t('A record waits on you')}
      note={t('Copies and reminders can come as one digest a day (Profile › Mail preferences).')}
    >
      <Group gap="sm">
        <SegmentedControl
          aria-label={t('Which mail')}
          value={kind}
          onChange={(value) => setKind(value === 'digest' ? 'digest' : 'now')}
          data={[
            { value: 'now', label: t('At once') },
            { value: 'digest', label: t('Daily digest') },
          ]}
        />
        <Badge variant="light">
          {mine === 'digest' ? t('Your choice: daily digest') : t('Your choice: each at once')}
        </Badge>
      </Group>
      <Paper withBorder p="lg" maw={640} data-testid="mail-preview">
        <Stack gap="sm">
          <Text size="xs" c="dimmed">
            {t('From: {{sender}} · To: {{to}}', {
              sender: 'Metro PMIS <pmis@metrorail.example>',
              to: me?.email ?? t('you'),
            })}
          </Text>
          <Text fw={700}>
            {kind === 'now'
              ? t('{{number}} waits on you: {{register}}', {
                  number: RECORD.number,
                  register: t(RECORD.register),
                })
              : t('Your digest for {{date}}: 1 record waits on you, 2 copies', {
                  date: formatDocumentDate('2026-11-24'),
                })}
          </Text>
          <Divider />
          <Text size="sm">{me?.name ? t('Dear {{name}},', { name: me.name }) : t('Dear colleague,')}</Text>
          <Text size="sm">
            {kind === 'now'
              ? t('{{from}} has sent you a {{register}}. It now waits on you.', {
                  from: RECORD.from,
                  register: t(RECORD.register).toLowerCase(),
                })
              : t('Here is what came your way today.')}
          </Text>
          <Table withTableBorder layout="fixed" variant="vertical">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w="35%">{t('Record')}</Table.Th>
                <Table.Td>{RECORD.number}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('Title')}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{RECORD.title}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('Respond by')}</Table.Th>
                <Table.Td>{formatDocumentDate(RECORD.due)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {kind === 'digest' ? (
            <Text size="sm">
              {t('Copies: {{first}} was closed by {{firstBy}}; {{second}} was answered by {{secondBy}}.', {
                first: 'C1-V01-NCR-0007',
                firstBy: 'Arjun Mehta',
                second: 'C2-V01-TQ-0031',
                secondBy: 'Kavita Rao',
              })}
            </Text>
          ) : null}
          <Button component={Link} to={RECORD.url} w="fit-content" size="sm">
            {t('Open the record')}
          </Button>
          <Text size="xs" c="dimmed">
            <RichText
              text={t(
                'You receive this because records of your packages wait on you. Choose when mail comes under {{profile}}.',
              )}
              parts={{
                profile: (
                  <Anchor component={Link} to="/views/profile" size="xs">
                    {t('your profile')}
                  </Anchor>
                ),
              }}
            />
          </Text>
        </Stack>
      </Paper>
    </DemoCard>
  );
}
