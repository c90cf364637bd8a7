import { describe, expect, it } from 'vitest';

import fixture from '../../../schema-registry/tests/fixtures/form-rules.json';
import { formSchema } from '../features/screens/form-schema';
import { type ColumnMeta, fieldProblem } from './record-rules';

// The same fixture schema-registry/tests/form_rules.rs checks the gateway with: every typed value must get the
// gateway's answer, word for word.
const columns = fixture.entry.columns as ColumnMeta[];

describe('form rules match the gateway', () => {
  for (const testCase of fixture.cases) {
    it(`${testCase.field} = ${JSON.stringify(testCase.value)}`, () => {
      const column = columns.find((c) => c.name === testCase.field);
      expect(column).toBeDefined();
      expect(fieldProblem(column as ColumnMeta, testCase.value)).toBe(testCase.message);
    });
  }

  it('the zod schema built from the metadata gives the same answers per field', () => {
    const writable = columns.filter((c) => !c.read_only);
    const schema = formSchema(writable);
    for (const testCase of fixture.cases) {
      const values: Record<string, string> = Object.fromEntries(writable.map((c) => [c.name, '']));
      values.c_code = 'C1';
      values[testCase.field] = testCase.value;
      const result = schema.safeParse(values);
      const issue = result.success
        ? undefined
        : result.error.issues.find((i) => i.path[0] === testCase.field)?.message;
      expect(issue ?? null, `${testCase.field} = ${JSON.stringify(testCase.value)}`).toBe(testCase.message);
    }
  });
});
