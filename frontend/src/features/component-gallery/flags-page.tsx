/**
 * /ui/flags: flags as the console shows them, built from the country code (Unicode emoji, no images): the
 * organisations on the packages and the countries they come from. Sample list.
 */
import { Table } from '@mantine/core';

import { useTranslation } from '../../lib/i18n';
import { DemoCard } from './demo-card';
import { PACKAGE_PARTNERS } from './flag-emoji';
import { FlagMark } from './flag-mark';

export function FlagsPage() {
  const { t } = useTranslation();
  return (
    <DemoCard
      title={t('Who works on the packages')}
      note={t(
        'The flag comes from the two-letter country code alone; a browser that draws no flag emoji (Windows) shows the code.',
      )}
    >
      <Table.ScrollContainer minWidth={480}>
        <Table striped verticalSpacing="xs" data-testid="flags-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={60}>{t('Flag')}</Table.Th>
              <Table.Th>{t('Organisation')}</Table.Th>
              <Table.Th>{t('Role')}</Table.Th>
              <Table.Th>{t('Country')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {PACKAGE_PARTNERS.map((partner) => (
              <Table.Tr key={partner.organisation}>
                <Table.Td>
                  <FlagMark country={partner.country} name={partner.countryName} />
                </Table.Td>
                <Table.Td>{partner.organisation}</Table.Td>
                <Table.Td>{t(partner.role)}</Table.Td>
                <Table.Td>
                  {t(partner.countryName)} ({partner.country})
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </DemoCard>
  );
}
