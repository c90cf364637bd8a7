import { describe, expect, it } from 'vitest';

import { stripRemoteFontFaces } from './remote-fonts';

// The build applies this to the timeline chart's CSS; e2e/tests/features/timeline.spec.ts checks in Chromium that no request
// then leaves for another host.
describe('stripRemoteFontFaces', () => {
  it('drops the faces fetched from another host and keeps everything else', () => {
    const css =
      '.a{color:red}@font-face{font-family:Roboto;font-weight:400;src:local(""),url(https://cdn.svar.dev/fonts/roboto/regular.woff2) format("woff2")}' +
      '@font-face{font-family:Open Sans;src:url("//cdn.example/o.woff")}' +
      '@font-face{font-family:Own;src:url(/assets/own.woff2)}.b{--wx-font-family: Roboto}';
    expect(stripRemoteFontFaces(css)).toBe(
      '.a{color:red}@font-face{font-family:Own;src:url(/assets/own.woff2)}.b{--wx-font-family: Roboto}',
    );
  });
});
