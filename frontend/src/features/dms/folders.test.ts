import { describe, expect, it } from 'vitest';

import { type Folder, toFolder } from '../../api/dms';
import type { BrowseLevel, TreeMeta } from '../../api/schema';
import {
  adminFolderFilter,
  ALL,
  childFolders,
  childLevel,
  childrenQuery,
  folderChildren,
  folderQuery,
  possibleParents,
  titleFromFileName,
  uploadDefaults,
} from './folders';

// The catalogue's `browse` of a searched register and its explorer's `[tree]`, as the metadata gives them.
const levels: BrowseLevel[] = [
  { name: 'project', column: 'c_project' },
  { name: 'package', column: 'n_package' },
  { name: 'discipline', column: 'n_discipline' },
  { name: 'doc_type', column: 'n_doc_type' },
];
const tree: TreeMeta = {
  parent: 'n_parent',
  name: 'c_name',
  order: 'n_sort',
  words: 'c_words',
  fills: [
    'c_project',
    'n_package',
    'n_discipline',
    'n_doc_type',
    'c_originator',
    'c_volume',
    'c_type',
    'c_role',
  ],
};

function folder(id: number, values: Record<string, unknown> = {}): Folder {
  return toFolder({ id, c_name: `Folder ${id}`, n_parent: null, n_row_version: 3, ...values }, tree, 'id');
}

describe('virtual folders', () => {
  it('nest by the browse levels in order', () => {
    expect(childLevel(ALL, levels)?.name).toBe('project');
    expect(childLevel({ facets: { project: 'MML3' } }, levels)?.name).toBe('package');
    expect(childLevel({ facets: { project: 'MML3', package: '1', discipline: '2' } }, levels)?.name).toBe(
      'doc_type',
    );
    expect(
      childLevel({ facets: { project: 'MML3', package: '1', discipline: '2', doc_type: '3' } }, levels),
    ).toBeNull();
    expect(childLevel(ALL, [])).toBeNull();
  });

  it('list the facet values that have documents, by label, under the parent filters', () => {
    const children = childFolders({ facets: { project: 'MML3' } }, levels[1] as BrowseLevel, [
      { value: '2', label: 'C2-V01', count: 4 },
      { value: '1', label: 'C1-V01', count: 12 },
      { value: '3', label: 'C1-UG01', count: 0 },
    ]);
    expect(children).toEqual([
      { filter: { facets: { project: 'MML3', package: '1' } }, label: 'C1-V01', count: 12 },
      { filter: { facets: { project: 'MML3', package: '2' } }, label: 'C2-V01', count: 4 },
    ]);
  });

  it('are read and listed through the search API in browse mode', () => {
    expect(childrenQuery({ facets: { project: 'MML3', package: '1' } })).toEqual({
      page: 1,
      size: 1,
      sort: 'updated',
      project: 'MML3',
      package: '1',
    });
    expect(folderQuery({ facets: { package: '1' }, words: 'bearing' }, 2, 25)).toEqual({
      page: 2,
      size: 25,
      sort: 'relevance',
      package: '1',
      q: 'bearing',
    });
  });
});

describe("the administrator's folders", () => {
  it('are rows read through the tree: name, parent, order and words', () => {
    const read = folder(7, { n_parent: '2', n_sort: 5, c_words: ' bearing ' });
    expect([read.id, read.name, read.parent, read.order, read.words]).toEqual([
      7,
      'Folder 7',
      2,
      5,
      'bearing',
    ]);
  });

  it('filter by the levels whose column they have a value in, and their words', () => {
    expect(
      adminFolderFilter(folder(1, { n_package: 1, n_doc_type: 3, c_words: ' bearing ' }), levels),
    ).toEqual({ facets: { package: '1', doc_type: '3' }, words: 'bearing' });
    expect(adminFolderFilter(folder(2, { c_description: 'Bearings' }), levels)).toEqual({ facets: {} });
  });

  it('nest by parent, ordered by their order then name; an orphan shows at the top', () => {
    const folders = [
      folder(1, { c_name: 'B' }),
      folder(2, { c_name: 'A' }),
      folder(3, { c_name: 'Child', n_parent: 1 }),
      folder(4, { c_name: 'Orphan', n_parent: 99, n_sort: -1 }),
    ];
    expect(folderChildren(folders, null).map((f) => f.name)).toEqual(['Orphan', 'A', 'B']);
    expect(folderChildren(folders, 1).map((f) => f.name)).toEqual(['Child']);
  });

  it('may move under any folder but themselves and their own', () => {
    const folders = [folder(1), folder(2, { n_parent: 1 }), folder(3, { n_parent: 2 }), folder(4)];
    expect(possibleParents(folders, folders[0] ?? null).map((f) => f.id)).toEqual([4]);
    expect(possibleParents(folders, folders[2] ?? null).map((f) => f.id)).toEqual([1, 2, 4]);
    expect(possibleParents(folders, null)).toHaveLength(4);
  });

  it('start an upload from their fills and the levels chosen, the title from the file name', () => {
    const shape = { levels, fills: tree.fills ?? [], titleColumn: 'c_title' };
    const dropped = folder(1, {
      c_originator: 'LNT',
      c_volume: 'C1V01',
      c_type: 'DR',
      c_role: 'S',
      c_level: 'P112',
      c_description: 'The folder of the pier bearings',
    });
    expect(
      uploadDefaults(
        { facets: { package: '1', discipline: '2' } },
        dropped,
        'P112_bearing-layout.pdf',
        shape,
      ),
    ).toEqual({
      c_originator: 'LNT',
      c_volume: 'C1V01',
      c_type: 'DR',
      c_role: 'S',
      c_title: 'P112 bearing layout',
      n_package: '1',
      n_discipline: '2',
    });
    expect(uploadDefaults(ALL, null, null, shape)).toEqual({});
  });

  it('title from a file name', () => {
    expect(titleFromFileName('a__b--c.final.pdf')).toBe('a b c.final');
  });
});
