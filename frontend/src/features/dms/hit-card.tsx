/** One search hit: its number (a link to the document's form), title, revision, state and status, metadata, snippet. */
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { Link } from 'react-router';

import type { SearchHit } from '../../api/dms';
import type { StateDef } from '../../api/schema';
import { formatIndianDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { StateBadge } from '../screens';
import { SnippetText } from './snippet-text';
import { useDocumentLink } from './use-document-states';

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
  const metadata = [hit.package?.label, hit.discipline?.label, hit.doc_type?.label, hit.originator]
    .filter(Boolean)
    .join(' · ');
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
            {hit.document_no}
          </Anchor>
          <Badge variant="outline" color="gray" tt="none">
            {t('Rev {{revision}}', { revision: hit.revision })}
          </Badge>
          <StateBadge state={stateOf(hit.state)} name={hit.state} />
          {hit.status_code && (
            <Badge variant="light" color="cyan" tt="none" title={t('Status code')}>
              {hit.status_code}
            </Badge>
          )}
        </Group>
        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
          {hit.title}
        </Text>
        <Text size="xs" c="dimmed">
          {metadata}
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
