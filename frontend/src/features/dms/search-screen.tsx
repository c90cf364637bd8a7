/**
 * `/dms/search`: full-text search over the documents' metadata and the text inside their files (the engine's
 * `GET /api/data/{entry}/search` of the register the catalogue says the screen searches), with facets,
 * highlighted snippets and pages. The address keeps the search. A hit's number opens the document's form in the
 * register. State lives in `useSearchController`.
 */
import {
  Alert,
  Button,
  Drawer,
  Grid,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFilter, IconSearch } from '@tabler/icons-react';

import { groupIndian } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { useMobileView } from '../../lib/use-mobile-view';
import { errorMessage } from '../notices';
import { FacetsPanel } from './facets-panel';
import { HitCard } from './hit-card';
import type { SearchSort } from './search-state';
import { useDocumentScreen, useDocumentStates } from './use-document-states';
import { type SearchController, useSearchController } from './use-search-controller';

/** The orders of the hits; the labels (English) are shown through `t()`. */
const SORTS: { value: SearchSort | ''; label: string }[] = [
  { value: '', label: 'Best first' },
  { value: 'relevance', label: 'Relevance' },
  { value: 'updated', label: 'Last updated' },
  { value: 'number', label: 'Document number' },
];

export function DmsSearchScreen() {
  const { t } = useTranslation();
  const phone = useMobileView();
  const search = useSearchController();
  const [drawer, { open, close }] = useDisclosure(false);
  const stateOf = useDocumentStates();
  // The facet counting the register's workflow state shows the states' labels.
  const stateColumn = useDocumentScreen()?.workflow?.state_column;
  const facets = (
    <FacetsPanel
      headings={search.answer?.headings}
      facets={search.answer?.facets}
      chosen={search.state.filters}
      onToggle={search.toggle}
      onClear={search.clearFilters}
      labelOf={(heading, value) =>
        heading.column === stateColumn ? stateOf(value.value)?.label || value.label : value.label
      }
    />
  );
  return (
    <Stack gap="sm" data-testid="dms-search">
      <Title order={2}>{t('Document search')}</Title>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          search.submit();
        }}
      >
        <Group gap="xs" align="flex-end" wrap={phone ? 'wrap' : 'nowrap'}>
          <TextInput
            label={t('Search documents')}
            placeholder={t("Words in the number, title, description or the files' text")}
            value={search.typed}
            onChange={(event) => search.setTyped(event.currentTarget.value)}
            leftSection={<IconSearch size={16} />}
            style={{ flex: 1, minWidth: phone ? '100%' : 240 }}
          />
          <Button type="submit">{t('Search')}</Button>
          <Select
            aria-label={t('Order')}
            data={SORTS.map((sort) => ({ value: sort.value, label: t(sort.label) }))}
            value={search.state.sort ?? ''}
            onChange={(value) => search.setSort(value ? (value as SearchSort) : null)}
            allowDeselect={false}
            w={170}
          />
          {phone && (
            <Button variant="default" leftSection={<IconFilter size={16} />} onClick={open}>
              {search.filterCount > 0
                ? t('Filters ({{count}})', { count: search.filterCount })
                : t('Filters')}
            </Button>
          )}
        </Group>
      </form>
      {phone ? (
        <>
          <Drawer opened={drawer} onClose={close} title={t('Filters')} position="bottom" size="80%">
            {facets}
          </Drawer>
          <Results search={search} />
        </>
      ) : (
        <Grid gutter="md">
          <Grid.Col span={3}>
            <Paper withBorder p="sm">
              {/* A refused search (a facet the register lacks) still offers to clear the filters. */}
              {search.answer || search.search.isError ? (
                facets
              ) : (
                <Loader size="sm" aria-label={t('Reading the filters')} />
              )}
            </Paper>
          </Grid.Col>
          <Grid.Col span={9}>
            <Results search={search} />
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}

function Results({ search }: { search: SearchController }) {
  const { t } = useTranslation();
  const stateOf = useDocumentStates();
  const { answer, state } = search;
  if (search.search.isError) {
    return (
      <Alert color="red" title={t('The search could not be run')} role="alert">
        {errorMessage(search.search.error)}
      </Alert>
    );
  }
  if (!answer) return <Loader aria-label={t('Searching')} />;
  if (answer.total === 0) {
    const narrowed = state.q !== '' || search.filterCount > 0;
    return (
      <Alert
        color="gray"
        title={narrowed ? t('No document matches') : t('No documents yet')}
        data-testid="dms-no-hits"
      >
        {narrowed
          ? t('Try fewer or other words, or clear some filters.')
          : t(
              'Documents appear here once they are uploaded in the explorer or created in the document register.',
            )}
      </Alert>
    );
  }
  const first = (answer.page - 1) * answer.size + 1;
  const last = first + answer.hits.length - 1;
  const figures = {
    first: groupIndian(first, 0),
    last: groupIndian(last, 0),
    total: groupIndian(answer.total, 0),
    ms: answer.took_ms,
  };
  return (
    <Stack gap="xs" aria-busy={search.search.isFetching}>
      <Text size="sm" c="dimmed" data-testid="dms-total">
        {state.q
          ? t('{{first}}–{{last}} of {{total}} documents for “{{words}}” ({{ms}} ms)', {
              ...figures,
              words: state.q,
            })
          : t('{{first}}–{{last}} of {{total}} documents ({{ms}} ms)', figures)}
      </Text>
      {answer.hits.map((hit) => (
        <HitCard key={hit.id} hit={hit} stateOf={stateOf} />
      ))}
      {search.pages > 1 && (
        <Pagination
          total={search.pages}
          value={state.page}
          onChange={search.setPage}
          siblings={1}
          boundaries={1}
          size="sm"
        />
      )}
    </Stack>
  );
}
