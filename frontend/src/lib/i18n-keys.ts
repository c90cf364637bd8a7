/**
 * The texts the console's source asks languages for, found by reading it: the first argument of `t(…)`,
 * `translate(…)` and the notices (`noticeSuccess('Updated Successfully')`), when written as a plain string. Used by
 * the test that every one of them has its Hindi (i18n-coverage.test.ts).
 */
const CALL =
  /\b(?:t|translate|noticeSuccess|noticeInfo|noticeDeclined)\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1\s*[,)]/g;

/** The literal keys asked for in one source file (template literals with `${…}` are not keys and are skipped). */
export function keysIn(source: string): string[] {
  const keys: string[] = [];
  for (const match of source.matchAll(CALL)) {
    const [, quote, body = ''] = match;
    if (quote === '`' && body.includes('${')) continue;
    keys.push(body.replace(/\\(['"`\\])/g, '$1').replace(/\\n/g, '\n'));
  }
  return keys;
}

/** The `{{name}}` placeholders of a text, sorted: a translation must keep every one of its key's. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1] ?? '').sort();
}
