/**
 * Every project, phase, corridor and package link the console knows (`v_package_detail`, the package strip's view,
 * which every signed-in user may read), for the pages that show packages: the profile, projects and plain tables.
 */
import { useQuery } from '@tanstack/react-query';

import type { PackageDetail } from '../../api/console';
import * as records from '../../api/records';

export function usePackageDetails() {
  return useQuery({
    queryKey: ['component-gallery', 'package-details'],
    queryFn: ({ signal }) =>
      records.selectAll<PackageDetail>(
        'v_package_detail',
        {
          cols: 'n_project,project,n_phase,phase,n_corridor,corridor,n_package,package',
          whrc: 'n_package > 0 ORDER BY project, phase, corridor, package',
        },
        signal,
      ),
    staleTime: 5 * 60_000,
  });
}
