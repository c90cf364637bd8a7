/**
 * A dashboard screen (kind `dashboard` without a component of its own): the widgets of `GET /api/dashboard` for
 * the route in a 12-column grid by their `span` (one column on a phone), under a filter bar (project, corridor,
 * package) the address remembers, with loading skeletons, the empty and error states, and PDF / Excel printing.
 * State lives in `useDashboard`.
 */
import '@mantine/charts/styles.css';

import { Alert, Box, Grid, Group, Paper, Skeleton, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

import { GatewayError } from '../../api/client';

import type { Paper as PaperSize } from '../../api/dashboard';
import type { Screen } from '../../api/schema';
import { useTranslation } from '../../lib/i18n';
import { LoadError } from '../notices';
import { LookupSelect } from '../screens';
import { spanOf } from './chart-data';
import { PrintButtons } from './print-buttons';
import { type DashboardController, useDashboard } from './use-dashboard';
import { WidgetCard } from './widget-card';

export interface DashboardScreenProps {
  screen: Screen;
  /** Shown when the gateway has no dashboard for the route (404). */
  notBuilt: ReactNode;
}

export function DashboardScreen({ screen, notBuilt }: DashboardScreenProps) {
  return <DashboardView route={screen.route} title={screen.title} notBuilt={notBuilt} />;
}

export interface DashboardViewProps {
  /** The dashboard's route (its file's `route`). */
  route: string;
  /** The heading until the dashboard has loaded. */
  title: string;
  notBuilt: ReactNode;
  /** Above the heading: the predefined reports' choice of report. */
  above?: ReactNode;
  /** The paper the dashboard prints on unless the reader picks another. */
  paper?: PaperSize;
}

/** A dashboard with its filter bar and print buttons, for `route`. */
export function DashboardView({ route, title, notBuilt, above, paper }: DashboardViewProps) {
  const { t } = useTranslation();
  const dashboard = useDashboard(route);
  const status = dashboard.error instanceof GatewayError ? dashboard.error.status : 0;
  if (status === 404) return <>{notBuilt}</>;
  // Without permission the page's "Access disabled" overlay says so.
  if (status === 403) return <div style={{ minHeight: 320 }} data-testid="screen-forbidden" />;
  return (
    <Stack gap="md" data-testid="dashboard-screen">
      {above}
      <Group justify="space-between" align="end" gap="sm">
        <Title order={2}>{dashboard.title ?? t(title)}</Title>
        <Group
          gap="sm"
          align="end"
          w={{ base: '100%', md: 'auto' }}
          role="search"
          aria-label={t('Filter the dashboard')}
        >
          {dashboard.filters.map((filter) => (
            <LookupSelect
              key={filter.name}
              source={
                dashboard.sources.get(filter.name) ?? { lookup: filter.lookup, display: filter.display }
              }
              value={
                dashboard.narrowing[filter.name] === undefined ? '' : String(dashboard.narrowing[filter.name])
              }
              onChange={(id) => dashboard.setFilter(filter.name, id)}
              label={t(filter.label)}
              placeholder={filter.packages ? t('All my packages') : t('All')}
              allowDeselect
              w={{ base: '100%', xs: 200 }}
              data-testid={`dashboard-${filter.name}`}
            />
          ))}
          <PrintButtons route={route} narrowing={dashboard.narrowing} paper={paper} />
        </Group>
      </Group>
      <DashboardBody dashboard={dashboard} />
    </Stack>
  );
}

function DashboardBody({ dashboard }: { dashboard: DashboardController }) {
  const { t } = useTranslation();
  if (dashboard.loading) {
    return (
      <Grid aria-label={t('Loading the dashboard')}>
        {[4, 4, 4, 8, 4, 12].map((span, index) => (
          <Grid.Col key={index} span={{ base: 12, md: span }}>
            <Paper withBorder p="md">
              <Skeleton h={14} w="40%" mb="sm" />
              <Skeleton h={index < 3 ? 36 : 220} />
            </Paper>
          </Grid.Col>
        ))}
      </Grid>
    );
  }
  if (dashboard.error) {
    return (
      <LoadError
        title={t('The dashboard could not be loaded')}
        error={dashboard.error}
        retry={dashboard.retry}
      />
    );
  }
  if (dashboard.empty) {
    return (
      <Alert color="gray" title={t('Nothing recorded yet in these packages')} data-testid="dashboard-empty">
        {dashboard.narrowed
          ? t('Choose another programme, corridor or package, or clear the filters to see all of yours.')
          : t('The figures appear once your packages have records in the registers this dashboard reads.')}
      </Alert>
    );
  }
  return (
    <Box style={{ opacity: dashboard.refreshing ? 0.6 : 1, transition: 'opacity 120ms' }}>
      <Grid align="stretch">
        {dashboard.widgets.map((widget) => (
          <Grid.Col key={widget.id} span={{ base: 12, md: spanOf(widget) }}>
            <WidgetCard
              widget={widget}
              colourBlind={dashboard.colourBlind}
              hrefOf={dashboard.hrefOf}
              open={dashboard.open}
            />
          </Grid.Col>
        ))}
      </Grid>
    </Box>
  );
}
