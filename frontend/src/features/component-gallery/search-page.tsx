/**
 * /misc/search: two searches of the console: a screen by its name or menu group (the screens you hold, from the
 * catalogue of `/api/auth/me`), and the documents, handed to the DMS search (/dms/search?q=…) with the search box's
 * text cleaning (docs/console.md §5, helper 3).
 */
import { Anchor, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconFileSearch, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { useMe } from '../../api/auth';
import { useTranslation } from '../../lib/i18n';
import { stripForQuery } from '../../lib/text-cleaning';
import { CardGrid } from './card-grid';
import { DemoCard } from './demo-card';
import { findScreens } from './screen-search';
import { useHolds } from './use-holds';

const DMS_SEARCH = '/dms/search';

export function SearchPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [text, setText] = useState('');
  const found = findScreens(me.data?.screens ?? [], me.data?.routes ?? [], text);
  return (
    <CardGrid>
      <DemoCard title={t('Find a screen')} note={t('Type part of a screen’s name or its menu group.')}>
        <TextInput
          label={t('Screen')}
          placeholder={t('e.g. station, NCR, reports')}
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        {text.trim() === '' ? null : found.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('No screen you hold matches.')}
          </Text>
        ) : (
          <Stack gap={6} data-testid="screen-results">
            {found.map((screen) => (
              <Group key={screen.route} gap="xs" wrap="nowrap">
                <Anchor component={Link} to={screen.route}>
                  {t(screen.title)}
                </Anchor>
                <Badge variant="light" size="sm">
                  {screen.group}
                </Badge>
              </Group>
            ))}
          </Stack>
        )}
      </DemoCard>
      <DocumentSearch />
    </CardGrid>
  );
}

function DocumentSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const holds = useHolds(DMS_SEARCH);
  const [text, setText] = useState('');
  const query = stripForQuery(text).trim();
  return (
    <DemoCard
      title={t('Search the documents')}
      note={t('The DMS search reads the documents’ text, titles and numbers.')}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (query) void navigate(`${DMS_SEARCH}?q=${encodeURIComponent(query)}`);
        }}
        aria-label={t('Search the documents')}
      >
        <Stack gap="sm">
          <TextInput
            label={t('Words to find')}
            placeholder={t('e.g. bearing P14')}
            leftSection={<IconFileSearch size={16} />}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            description={
              query !== text.trim()
                ? t('Searched as: {{query}}', { query: query || t('(nothing)') })
                : undefined
            }
            disabled={!holds}
          />
          <Group justify="space-between">
            {holds ? null : (
              <Text size="xs" c="dimmed">
                {t('You do not hold the DMS search ({{route}}).', { route: DMS_SEARCH })}
              </Text>
            )}
            <Button type="submit" disabled={!holds || query === ''} ml="auto">
              {t('Search in the DMS')}
            </Button>
          </Group>
        </Stack>
      </form>
    </DemoCard>
  );
}
