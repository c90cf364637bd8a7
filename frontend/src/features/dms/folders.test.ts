import { describe, expect, it } from 'vitest';

import type { DmsFolder } from '../../api/dms';
import {
  adminFolderFilter,
  childFolders,
  childLevel,
  childrenQuery,
  folderChildren,
  folderQuery,
  titleFromFileName,
  uploadDefaults,
} from './folders';

function folder(id: number, values: Partial<DmsFolder> = {}): DmsFolder {
  return {
    id,
    c_name: `Folder ${id}`,
    n_parent: null,
    c_project: null,
    n_package: null,
    n_discipline: null,
    n_doc_type: null,
    c_originator: null,
    c_volume: null,
    c_level: null,
    c_type: null,
    c_role: null,
    c_words: null,
    n_sort: null,
    ...values,
  };
}

describe('virtual folders', () => {
  it('go project → package → discipline → document type', () => {
    expect(childLevel({})).toBe('project');
    expect(childLevel({ project: 'MML3' })).toBe('package');
    expect(childLevel({ project: 'MML3', package: '1', discipline: '2' })).toBe('doc_type');
    expect(childLevel({ project: 'MML3', package: '1', discipline: '2', doc_type: '3' })).toBeNull();
  });

  it('list the facet values that have documents, by label, under the parent filters', () => {
    const children = childFolders({ project: 'MML3' }, 'package', [
      { value: '2', label: 'C2-V01', count: 4 },
      { value: '1', label: 'C1-V01', count: 12 },
      { value: '3', label: 'C1-UG01', count: 0 },
    ]);
    expect(children).toEqual([
      { filter: { project: 'MML3', package: '1' }, label: 'C1-V01', count: 12 },
      { filter: { project: 'MML3', package: '2' }, label: 'C2-V01', count: 4 },
    ]);
  });

  it('are read and listed through the search API in browse mode', () => {
    expect(childrenQuery({ project: 'MML3', package: '1' })).toEqual({
      page: 1,
      size: 1,
      sort: 'updated',
      project: 'MML3',
      package: '1',
    });
    expect(folderQuery({ package: '1', words: 'bearing' }, 2, 25)).toEqual({
      page: 2,
      size: 25,
      sort: 'relevance',
      package: '1',
      q: 'bearing',
    });
  });
});

describe('administrator-defined folders', () => {
  it('filter by their fixed metadata and words', () => {
    expect(adminFolderFilter(folder(1, { n_package: 1, n_doc_type: 3, c_words: ' bearing ' }))).toEqual({
      package: '1',
      doc_type: '3',
      words: 'bearing',
    });
    expect(adminFolderFilter(folder(2))).toEqual({});
  });

  it('nest by parent, ordered by sort then name; an orphan shows at the top', () => {
    const folders = [
      folder(1, { c_name: 'B' }),
      folder(2, { c_name: 'A' }),
      folder(3, { c_name: 'Child', n_parent: 1 }),
      folder(4, { c_name: 'Orphan', n_parent: 99, n_sort: -1 }),
    ];
    expect(folderChildren(folders, null).map((f) => f.c_name)).toEqual(['Orphan', 'A', 'B']);
    expect(folderChildren(folders, 1).map((f) => f.c_name)).toEqual(['Child']);
  });

  it('prefill an upload with their metadata and number parts, the title from the file name', () => {
    const defaults = uploadDefaults(
      { package: '1', discipline: '2' },
      folder(1, { c_originator: 'LNT', c_volume: 'C1V01', c_type: 'DR', c_role: 'S' }),
      'P112_bearing-layout.pdf',
    );
    expect(defaults).toMatchObject({
      c_project: 'MML3',
      c_originator: 'LNT',
      c_volume: 'C1V01',
      c_type: 'DR',
      c_role: 'S',
      c_title: 'P112 bearing layout',
      n_package: '1',
      n_discipline: '2',
      n_doc_type: '',
    });
  });

  it('title from a file name', () => {
    expect(titleFromFileName('a__b--c.final.pdf')).toBe('a b c.final');
  });
});
