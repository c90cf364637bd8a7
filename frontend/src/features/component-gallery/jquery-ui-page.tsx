/**
 * /ui/jquery-ui: the interactions the template took from jQuery UI, as the console draws them with Mantine: an
 * accordion (the menu's groups), tabs (a record form's tabs), a dialog, a slider, an autocomplete over the real
 * stations, and a calendar showing dates as DD MMM, YYYY.
 */
import { Accordion, Autocomplete, Button, Modal, Slider, Stack, Tabs, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';

import { formatDocumentDate } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { CardGrid } from './card-grid';
import { DemoCard } from './demo-card';
import { useStations } from './use-stations';

/** A sample record's files (data). */
const FILES = 'P12-pour-checklist.pdf · P12-reinforcement.jpg';

export function JqueryUiPage() {
  const { t } = useTranslation();
  const [opened, dialog] = useDisclosure(false);
  const [day, setDay] = useState<string | null>(null);
  const [span, setSpan] = useState(28);
  const stations = useStations();
  return (
    <CardGrid>
      <DemoCard title={t('Accordion')} note={t('The left panel’s groups open one at a time, like this.')}>
        <Accordion defaultValue="rfi" variant="separated">
          <Accordion.Item value="rfi">
            <Accordion.Control>{t('Who answers an RFI?')}</Accordion.Control>
            <Accordion.Panel>
              {t('The engineer of the package, within the days its register allows.')}
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="ncr">
            <Accordion.Control>{t('When is an NCR closed?')}</Accordion.Control>
            <Accordion.Panel>
              {t('Once its disposition is verified on site and recorded with the closing day.')}
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="ipc">
            <Accordion.Control>{t('Who certifies an IPC?')}</Accordion.Control>
            <Accordion.Panel>
              {t('The engineer verifies it, finance checks it, the employer certifies it.')}
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      </DemoCard>
      <DemoCard title={t('Tabs')} note={t('A record form’s tabs: details, lines, files, history.')}>
        <Tabs defaultValue="details">
          <Tabs.List>
            <Tabs.Tab value="details">{t('Details')}</Tabs.Tab>
            <Tabs.Tab value="files">{t('Files')}</Tabs.Tab>
            <Tabs.Tab value="history">{t('History')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="details" pt="sm">
            <Text size="sm">
              {t('{{number}} · Pier cap P12, second lift: concreting.', { number: 'C1-V01-RFI-00012' })}
            </Text>
          </Tabs.Panel>
          <Tabs.Panel value="files" pt="sm">
            <Text size="sm">{FILES}</Text>
          </Tabs.Panel>
          <Tabs.Panel value="history" pt="sm">
            <Text size="sm">
              {t('Submitted by {{by}}, then answered by {{answeredBy}}.', {
                by: 'Rahul Verma',
                answeredBy: 'Arjun Mehta',
              })}
            </Text>
          </Tabs.Panel>
        </Tabs>
      </DemoCard>
      <DemoCard
        title={t('Dialog, slider and autocomplete')}
        note={t('A modal asks; a slider picks; an autocomplete suggests.')}
      >
        <Stack gap="md">
          <Button variant="default" onClick={dialog.open} w="fit-content">
            {t('Open a dialog')}
          </Button>
          <Modal opened={opened} onClose={dialog.close} title={t('Girder launch at S14')}>
            <Stack gap="sm">
              <Text size="sm">
                {t('The launch moves to the 26th so the bearing grout reaches strength.')}
              </Text>
              <Button onClick={dialog.close}>{t('Close')}</Button>
            </Stack>
          </Modal>
          <div>
            <Text size="sm">{t('Span length: {{span}} m', { span })}</Text>
            <Slider
              value={span}
              onChange={setSpan}
              min={20}
              max={40}
              step={1}
              aria-label={t('Span length')}
            />
          </div>
          <Autocomplete
            label={t('Station')}
            placeholder={t('Type a station')}
            data={(stations.data ?? []).map((station) => station.name)}
            limit={6}
          />
        </Stack>
      </DemoCard>
      <DemoCard title={t('Calendar')} note={t('Dates read DD MMM, YYYY everywhere in the console.')}>
        <DatePicker value={day} onChange={setDay} />
        <Text size="sm" data-testid="picked-day">
          {day ? t('Picked {{day}}', { day: formatDocumentDate(day) }) : t('Pick a day')}
        </Text>
      </DemoCard>
    </CardGrid>
  );
}
