/**
 * A hit's fields as its card shows them, by the catalogue's `search_hit` (the register's `[full_text].hit` with
 * `shows`): the number, the title, the badges and the details; nothing here names a field.
 */
import { useContext } from 'react';

import { type SearchHit, SearchedRegister } from '../../api/dms';
import type { HitField, HitPlace } from '../../api/schema';

/** A hit field's value as text: a look-up's label, else the value; empty when blank. */
export function hitText(hit: SearchHit, name: string): string {
  const value = hit[name];
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'label' in value) return String((value as { label: unknown }).label ?? '');
  return String(value);
}

/** The fields a card shows in `place`, in the register's order. */
export function fieldsAt(fields: readonly HitField[], place: HitPlace): HitField[] {
  return fields.filter((field) => field.shows === place);
}

/** The hit's text in a place that holds one field (its number, its title); empty when the register shows none. */
export function hitTextAt(hit: SearchHit, fields: readonly HitField[], place: HitPlace): string {
  const [field] = fieldsAt(fields, place);
  return field ? hitText(hit, field.name) : '';
}

/** The hit fields of the register the screen searches. */
export function useHitFields(): readonly HitField[] {
  return useContext(SearchedRegister)?.hit ?? [];
}
