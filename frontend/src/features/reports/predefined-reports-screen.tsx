/**
 * Reports > Predefined (`/reports/predefined`): the monthly progress, payment status and land acquisition status
 * reports, each a dashboard of the registry listed here (`within`), shown on screen with the filter bar and printed
 * as PDF (A4 or A3) or Excel. Choosing a report keeps the filters. State lives in `usePredefinedReports`.
 */
import { Select, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import type { Screen } from '../../api/schema';
import { useTranslation } from '../../lib/i18n';
import { DashboardView } from '../dashboards';
import { LoadError } from '../notices';
import { usePredefinedReports } from './use-predefined-reports';

export interface PredefinedReportsScreenProps {
  screen: Screen;
  notBuilt: ReactNode;
}

export function PredefinedReportsScreen({ screen, notBuilt }: PredefinedReportsScreenProps) {
  const { t } = useTranslation();
  const reports = usePredefinedReports();
  if (reports.loading) return <Skeleton h={120} aria-label={t('Loading the reports')} />;
  if (reports.error) {
    return (
      <LoadError title={t('The reports could not be loaded')} error={reports.error} retry={reports.retry} />
    );
  }
  const chosen = reports.chosen;
  if (!chosen) return <>{notBuilt}</>;
  const picker = (
    <Stack gap={4}>
      <Select
        label={t(screen.title)}
        data={reports.reports.map((report) => ({ value: report.route, label: t(report.title) }))}
        value={chosen.route}
        onChange={(route) => route && reports.choose(route)}
        allowDeselect={false}
        w={{ base: '100%', sm: 360 }}
        data-testid="predefined-report"
      />
      {chosen.description && (
        <Text size="sm" c="dimmed">
          {t(chosen.description)}
        </Text>
      )}
    </Stack>
  );
  return (
    <DashboardView
      key={chosen.route}
      route={chosen.route}
      title={t(chosen.title)}
      notBuilt={notBuilt}
      above={picker}
      paper={chosen.print.paper}
    />
  );
}
