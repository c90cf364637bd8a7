import { describe, expect, it } from 'vitest';

import { projectTree } from './project-tree';

const row = (project: number, phase: number, corridor: number, pkg: number, name: string) => ({
  n_project: project,
  project: `Project ${project}`,
  n_phase: phase,
  phase: `Phase ${phase}`,
  n_corridor: corridor,
  corridor: `C${corridor}`,
  n_package: pkg,
  package: name,
});

describe('the projects’ tree', () => {
  it('puts each package under its corridor, phase and project, once each, in the rows’ order', () => {
    const tree = projectTree([
      row(1, 1, 1, 4, 'C1-V01'),
      row(1, 1, 1, 1, 'C1-DP01'),
      row(1, 2, 1, 2, 'C1-SYS1'),
      row(1, 1, 1, 4, 'C1-V01'),
      row(2, 3, 2, 5, 'C2-V01'),
    ]);
    expect(tree.map((p) => [p.name, p.packageCount])).toEqual([
      ['Project 1', 3],
      ['Project 2', 1],
    ]);
    expect(tree[0]?.phases.map((phase) => phase.corridors.map((c) => c.packages.map((p) => p.name)))).toEqual(
      [[['C1-V01', 'C1-DP01']], [['C1-SYS1']]],
    );
  });

  it('leaves out rows that name no package', () => {
    expect(projectTree([{ ...row(1, 1, 1, 0, ''), n_package: null }])).toEqual([]);
  });
});
