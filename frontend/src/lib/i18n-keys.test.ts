import { describe, expect, it } from 'vitest';

import { keysIn, placeholdersOf } from './i18n-keys';

describe('keysIn', () => {
  it('finds the plain string keys of t, translate and the notices', () => {
    const source = `
      t('Save'); translate("Don't lose it", { a: 1 }); noticeSuccess('Updated Successfully');
      t(\`Rows: {{count}}\`, { count }); t(\`x \${y}\`); format('not a key'); it('not a key either');
      t('It\\'s here');
    `;
    expect(keysIn(source)).toEqual([
      'Save',
      "Don't lose it",
      'Updated Successfully',
      'Rows: {{count}}',
      "It's here",
    ]);
  });
});

describe('placeholdersOf', () => {
  it('lists the interpolations, sorted', () => {
    expect(placeholdersOf('{{count}} of {{ total }} in {{name, uppercase}}')).toEqual([
      'count',
      'name',
      'total',
    ]);
  });
});
