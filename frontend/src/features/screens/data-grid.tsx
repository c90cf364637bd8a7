/**
 * The list of a data screen, drawn from its controller (`useListController`): the toolbar, ag-grid with the
 * server's pages (5 rows a page by default, docs/console.md §9), a filter under each heading, and the count line.
 */
import { Alert, Text } from '@mantine/core';
import {
  CellStyleModule,
  ColumnApiModule,
  CustomFilterModule,
  InfiniteRowModelModule,
  LocaleModule,
  ModuleRegistry,
  PaginationModule,
  RowStyleModule,
  TextFilterModule,
  ValidationModule,
  themeQuartz,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';

import type { ScreenMeta } from '../../api/schema';
import { useTranslation } from '../../lib/i18n';
import { ListToolbar } from './list-toolbar';
import { useListController } from './use-list-controller';
import classes from './data-grid.module.css';

// Only what the lists use (server pages, paging, a text filter model under custom floating filters, column state,
// row styles and right-aligned number cells, the grid's own words in the user's language): the whole community bundle is about twice the code to load and start. Development builds add
// ag-grid's validation, which names any module a new grid option would need.
ModuleRegistry.registerModules([
  InfiniteRowModelModule,
  PaginationModule,
  TextFilterModule,
  CustomFilterModule,
  ColumnApiModule,
  RowStyleModule,
  CellStyleModule,
  LocaleModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
]);

// The grid writes in the console's font (the theme's stack, with the Devanagari font the console ships), not
// ag-grid's own list of system fonts, under which Hindi headings and filters were boxes on a machine without one.
const gridTheme = themeQuartz.withParams({ fontFamily: 'inherit' });

export interface DataGridProps {
  meta: ScreenMeta;
  /** Opens a row (its primary key); absent for read-only screens without a detail view. */
  onOpen?: (key: string) => void;
  /** Whether the user may export the list (CSV and Excel buttons). */
  canExport: boolean;
  /** Opens the importer (the Import button); absent when the user may not create records here. */
  onImport?: () => void;
}

export function DataGrid({ meta, onOpen, canExport, onImport }: DataGridProps) {
  const { t, i18n } = useTranslation();
  const list = useListController(meta, onOpen);
  return (
    <div data-testid="data-grid">
      <ListToolbar list={list} canExport={canExport} onImport={onImport} />
      {list.failure ? (
        <Alert color="red" title={t(list.failure.title)} mb="xs" role="alert">
          {list.failure.message}
        </Alert>
      ) : null}
      <div className={classes.grid} style={list.gridHeight ? { height: list.gridHeight } : undefined}>
        {/* The grid takes its own words when it is made: a new language makes it again. */}
        <AgGridReact key={i18n.language} theme={gridTheme} {...list.gridProps} />
      </div>
      <Text size="sm" c="dimmed" mt={4} data-testid="grid-count">
        {list.countText}
      </Text>
    </div>
  );
}
