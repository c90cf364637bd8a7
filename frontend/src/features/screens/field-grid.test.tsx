import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { type FieldValues, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';

import type { ColumnDef } from '../../api/schema';
import { FieldGrid, type FieldGridProps } from './field-grid';
import { fieldChoices } from './use-field-setup';

const columns: ColumnDef[] = [
  { name: 'c_subject', type: 'text', label: 'Subject', required: true, max_length: 20 },
  { name: 'c_question', type: 'text', label: 'Question', max_length: 2000 },
  { name: 'c_impact', type: 'text', label: 'Impact', enum: ['Yes', 'No'] },
  { name: 'd_due', type: 'date', label: 'Due' },
];
const [subject, question, impact, due] = columns as [ColumnDef, ColumnDef, ColumnDef, ColumnDef];
const sections = [
  { title: 'Query', columns: [subject, question] },
  { title: 'Dates', columns: [impact, due] },
];
const common = { choices: fieldChoices(columns), lookups: new Map(), busy: false };

/** The grid's props but its form's control (sections or columns kept apart). */
type Drawn<P> = P extends unknown ? Omit<P, 'control'> : never;

/** The grid's markup, bound to a form holding `values`. */
function draw(values: FieldValues, props: Drawn<FieldGridProps<FieldValues>>): string {
  function Form() {
    const { control } = useForm({ defaultValues: values });
    return <FieldGrid control={control} {...props} />;
  }
  const page: ReactNode = (
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <Form />
      </MantineProvider>
    </QueryClientProvider>
  );
  // Mantine's style tags are left out: the grid's columns are read from its inline style rules.
  return renderToStaticMarkup(page).replace(
    /<style data-mantine-styles="(true|classes)">[^]*?<\/style>/g,
    '',
  );
}

const count = (html: string, text: string | RegExp) =>
  typeof text === 'string' ? html.split(text).length - 1 : [...html.matchAll(text)].length;

describe('the grid of a form’s fields', () => {
  it('draws a titled fieldset per section with an input per column, bound to its value', () => {
    const html = draw({ c_subject: 'Cover', d_due: '2026-01-05' }, { ...common, sections });
    expect(count(html, '<fieldset')).toBe(2);
    expect(html).toMatch(/<legend[^>]*>Query<\/legend>/);
    expect(html).toMatch(/<legend[^>]*>Dates<\/legend>/);
    expect(html.indexOf('>Subject<')).toBeLessThan(html.indexOf('>Dates<'));
    expect(html).toMatch(/name="c_subject" value="Cover"/);
    expect(html).toMatch(/name="d_due" value="05 Jan, 2026"/);
    // Two columns from the small breakpoint up, one on a phone; a long text across the whole width.
    expect(count(html, /--sg-cols:1;\}@media\(min-width: 48em\)\{[^}]*--sg-cols:2;/g)).toBe(2);
    expect(html).toMatch(/style="grid-column:1 \/ -1"[^>]*mantine-Textarea-root/);
  });

  it('shows the fields the predicate names read-only, and every input waits while busy', () => {
    const readOnly = draw({}, { ...common, sections, isReadOnly: (column) => column.name === 'c_subject' });
    expect(readOnly).toMatch(/readOnly=""[^>]*name="c_subject"|name="c_subject"[^>]*readOnly=""/);
    expect(count(readOnly, 'readOnly=""')).toBe(1);
    // Read only is never required.
    expect(readOnly).not.toMatch(/data-required/);
    const busy = draw({}, { ...common, sections, busy: true });
    expect(count(busy, /<(?:input|textarea)(?![^>]*type="hidden")[^>]*disabled=""/g)).toBe(4);
  });

  it('draws one untitled group, its values under a prefix, and nothing without columns', () => {
    const html = draw({ fields: { c_subject: 'Cover' } }, { ...common, columns, prefix: 'fields.' });
    expect(html).not.toMatch(/<fieldset|<legend/);
    expect(html).toMatch(/name="c_subject" value="Cover"/);
    expect(html).toMatch(
      /^<style data-mantine-styles="inline">[^<]*<\/style><div class="[^"]*mantine-SimpleGrid-root/,
    );
    expect(draw({}, { ...common, columns: [] })).toBe('');
  });

  it('shows a column’s hint under its input, and a phone form’s inputs large, one under another', () => {
    const hinted = { ...subject, help: 'Pier, chainage or grid' };
    const html = draw({}, { ...common, columns: [hinted, question] });
    expect(html).toMatch(/mantine-InputWrapper-description[^>]*>Pier, chainage or grid</);
    // Read only: a hint of what to write would mislead.
    expect(draw({}, { ...common, columns: [hinted], isReadOnly: () => true })).not.toContain(
      'Pier, chainage',
    );
    const large = draw({}, { ...common, columns, large: true });
    expect(large).toMatch(/@media\(min-width: 48em\)\{[^}]*--sg-cols:1;/);
    expect(large).toMatch(/data-size="lg"/);
  });

  it('gives a lone field the whole width when asked', () => {
    const lone = { ...common, columns: [subject] };
    expect(draw({}, lone)).toMatch(/@media\(min-width: 48em\)\{[^}]*--sg-cols:2;/);
    expect(draw({}, { ...lone, loneFieldWide: true })).toMatch(
      /@media\(min-width: 48em\)\{[^}]*--sg-cols:1;/,
    );
    expect(draw({}, { ...common, columns, loneFieldWide: true })).toMatch(
      /@media\(min-width: 48em\)\{[^}]*--sg-cols:2;/,
    );
  });
});
