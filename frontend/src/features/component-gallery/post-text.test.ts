import { describe, expect, it } from 'vitest';

import { postOf } from './post-text';

describe('a banner message as a post', () => {
  it('takes the clause before a colon as the title', () => {
    expect(
      postOf(
        'Safety Week: every site to hold a toolbox talk on working at height and record it in the daily report.',
      ),
    ).toEqual({
      title: 'Safety Week',
      body: 'every site to hold a toolbox talk on working at height and record it in the daily report.',
    });
  });

  it('takes the first sentence when there is no colon early on', () => {
    expect(postOf('Land surveys for Corridor 2 open on Monday. Bring the forms.')).toEqual({
      title: 'Land surveys for Corridor 2 open on Monday',
      body: 'Bring the forms.',
    });
  });

  it('keeps a short message whole as the title', () => {
    expect(postOf(' Office closed on Friday. ')).toEqual({ title: 'Office closed on Friday', body: '' });
  });
});
