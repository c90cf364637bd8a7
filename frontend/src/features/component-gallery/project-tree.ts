/**
 * The package strip's rows (project, phase, corridor, package) as a tree, for the projects page: each project with
 * its phases, each phase with its corridors, each corridor with its packages, in the rows' order, once each.
 */
import type { PackageDetail } from '../../api/console';
import { translate } from '../../lib/i18n';

export interface PackageNode {
  id: number;
  name: string;
}
export interface CorridorNode {
  id: number;
  name: string;
  packages: PackageNode[];
}
export interface PhaseNode {
  id: number;
  name: string;
  corridors: CorridorNode[];
}
export interface ProjectNode {
  id: number;
  name: string;
  phases: PhaseNode[];
  /** Packages under the project, across its phases. */
  packageCount: number;
}

type Row = Pick<
  PackageDetail,
  'n_project' | 'project' | 'n_phase' | 'phase' | 'n_corridor' | 'corridor' | 'n_package' | 'package'
>;

function child<T extends { id: number }>(list: T[], id: number, make: () => T): T {
  const found = list.find((item) => item.id === id);
  if (found) return found;
  const made = make();
  list.push(made);
  return made;
}

export function projectTree(rows: readonly Row[]): ProjectNode[] {
  const projects: ProjectNode[] = [];
  for (const row of rows) {
    // A level the row does not name (0 or none) is the view's "none": such rows are not packages of a project.
    const [projectId, phaseId, corridorId, packageId] = [
      row.n_project,
      row.n_phase,
      row.n_corridor,
      row.n_package,
    ];
    if (!projectId || !phaseId || !corridorId || !packageId) continue;
    const project = child(projects, projectId, () => ({
      id: projectId,
      name: row.project || translate('Project {{id}}', { id: projectId }),
      phases: [],
      packageCount: 0,
    }));
    const phase = child(project.phases, phaseId, () => ({
      id: phaseId,
      name: row.phase || translate('Phase {{id}}', { id: phaseId }),
      corridors: [],
    }));
    const corridor = child(phase.corridors, corridorId, () => ({
      id: corridorId,
      name: row.corridor || translate('Corridor {{id}}', { id: corridorId }),
      packages: [],
    }));
    if (!corridor.packages.some((pkg) => pkg.id === packageId)) {
      corridor.packages.push({
        id: packageId,
        name: row.package || translate('Package {{id}}', { id: packageId }),
      });
      project.packageCount += 1;
    }
  }
  return projects;
}
