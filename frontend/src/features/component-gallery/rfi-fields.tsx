/**
 * The RFI form's inputs, laid out as the record form lays out a section (two columns from a tablet up, long texts
 * across), for the validation page and the wizard's steps. Look-ups read the real package and station masters.
 */
import { SimpleGrid } from '@mantine/core';
import type { Control } from 'react-hook-form';

import { ColumnField } from './column-field';
import type { MetroSources } from './metro-lookups';
import type { RfiField, RfiValues, rfiColumns } from './rfi-form';

export interface RfiFieldsProps {
  columns: ReturnType<typeof rfiColumns>;
  control: Control<RfiValues>;
  sources: MetroSources;
  /** Only these fields (a wizard's step); all when absent. */
  only?: readonly RfiField[];
}

const SOURCE_OF: Partial<Record<RfiField, keyof MetroSources>> = {
  n_package: 'package',
  n_station: 'station',
};

export function RfiFields({ columns, control, sources, only }: RfiFieldsProps) {
  const shown = only ? columns.filter((column) => only.includes(column.name)) : columns;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
      {shown.map((column) => {
        const source = SOURCE_OF[column.name];
        return (
          <div key={column.name} style={column.name === 'c_work' ? { gridColumn: '1 / -1' } : undefined}>
            <ColumnField
              column={column}
              control={control}
              source={source ? sources[source] : undefined}
              yesNo={column.name === 'c_witness'}
            />
          </div>
        );
      })}
    </SimpleGrid>
  );
}
