/**
 * One search hit, laid out as its register's `[full_text].hit` says (`shows`): its number (a link to the record's
 * form), badges (the workflow's state as its state badge), title, details, the last change and the snippet.
 */
import { Anchor, Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { Link } from 'react-router';

import type { SearchHit } from '../../api/dms';
import type { StateDef } from '../../api/schema';
import { formatIndianDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { StateBadge } from '../screens';
import { fieldsAt, hitText, hitTextAt, useHitFields } from './hit-fields';
import { SnippetText } from './snippet-text';
import { useDocumentLink, useDocumentScreen } from './use-document-states';

export interface HitCardProps {
  hit: SearchHit;
  stateOf: (name: string) => StateDef | undefined;
  /** Draws the hit as chosen (the explorer's selected document). */
  selected?: boolean;
  /** Instead of following the link, picks the hit (the explorer); the number still links to the form. */
  onPick?: (hit: SearchHit) => void;
}

export function HitCard({ hit, stateOf, selected = false, onPick }: HitCardProps) {
  const { t } = useTranslation();
  const documentLink = useDocumentLink();
  const fields = useHitFields();
  const stateColumn = useDocumentScreen()?.workflow?.state_column;
  const details = fieldsAt(fields, 'detail')
    .map((field) => hitText(hit, field.name))
    .filter(Boolean)
    .join(' · ');
  const number = hitTextAt(hit, fields, 'number') || String(hit.id);
  const title = hitTextAt(hit, fields, 'title');
  const badges = fieldsAt(fields, 'badge').flatMap((field) => {
    const value = hitText(hit, field.name);
    return value === '' ? [] : [{ field, value }];
  });
  return (
    <Paper
      withBorder
      p="sm"
      data-testid="dms-hit"
      bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
      onClick={onPick ? () => onPick(hit) : undefined}
      style={onPick ? { cursor: 'pointer' } : undefined}
    >
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Anchor
            component={Link}
            to={documentLink(hit.id)}
            fw={600}
            style={{ overflowWrap: 'anywhere' }}
            onClick={(event) => event.stopPropagation()}
          >
            {number}
          </Anchor>
          {badges.map(({ field, value }) =>
            field.column === stateColumn ? (
              <StateBadge key={field.name} state={stateOf(value)} name={value} />
            ) : (
              <Badge
                key={field.name}
                variant="outline"
                color="gray"
                tt="none"
                title={t(field.label)}
                aria-label={`${t(field.label)} ${value}`}
              >
                {value}
              </Badge>
            ),
          )}
        </Group>
        {onPick ? (
          // The card is picked with the mouse anywhere on it; its title is the button a keyboard reaches.
          <UnstyledButton
            fw={500}
            style={{ overflowWrap: 'anywhere', textAlign: 'start' }}
            aria-pressed={selected}
            onClick={(event) => {
              event.stopPropagation();
              onPick(hit);
            }}
          >
            {title || number}
          </UnstyledButton>
        ) : (
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {details}
          {hit.updated_at
            ? ` · ${t('updated {{date}}', { date: formatIndianDateTime(hit.updated_at) })}`
            : ''}
        </Text>
        <SnippetText snippet={hit.snippet ?? null} />
        {hit.file && hit.matched_in.includes('file') && (
          <Group gap={4} wrap="nowrap">
            <IconFileText size={14} aria-hidden />
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('Found in the file {{file}}', { file: hit.file.name })}
            </Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
