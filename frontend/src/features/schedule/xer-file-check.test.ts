import { describe, expect, it } from 'vitest';

import { xerFileProblem } from './xer-file-check';

describe('xerFileProblem', () => {
  it('takes one non-empty .xer file, whatever the case of its extension', () => {
    expect(xerFileProblem([{ name: 'Programme.XER', size: 10 }])).toBeNull();
  });
  it('refuses other files in words before sending them', () => {
    expect(xerFileProblem([{ name: 'programme.xlsx', size: 10 }])).toMatch(
      /"programme.xlsx" is not a .xer file/,
    );
    expect(xerFileProblem([{ name: 'a.xer', size: 0 }])).toMatch(/is empty/);
    expect(xerFileProblem([])).toMatch(/Choose the .xer file/);
    expect(
      xerFileProblem([
        { name: 'a.xer', size: 1 },
        { name: 'b.xer', size: 1 },
      ]),
    ).toMatch(/one .xer file at a time/);
  });
});
