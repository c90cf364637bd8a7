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
import { CardGrid } from './card-grid';
import { DemoCard } from './demo-card';
import { useStations } from './use-stations';

export function JqueryUiPage() {
  const [opened, dialog] = useDisclosure(false);
  const [day, setDay] = useState<string | null>(null);
  const [span, setSpan] = useState(28);
  const stations = useStations();
  return (
    <CardGrid>
      <DemoCard title="Accordion" note="The left panel’s groups open one at a time, like this.">
        <Accordion defaultValue="rfi" variant="separated">
          <Accordion.Item value="rfi">
            <Accordion.Control>Who answers an RFI?</Accordion.Control>
            <Accordion.Panel>
              The engineer of the package, within the days its register allows.
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="ncr">
            <Accordion.Control>When is an NCR closed?</Accordion.Control>
            <Accordion.Panel>
              Once its disposition is verified on site and recorded with the closing day.
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="ipc">
            <Accordion.Control>Who certifies an IPC?</Accordion.Control>
            <Accordion.Panel>
              The engineer verifies it, finance checks it, the employer certifies it.
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      </DemoCard>
      <DemoCard title="Tabs" note="A record form’s tabs: details, lines, files, history.">
        <Tabs defaultValue="details">
          <Tabs.List>
            <Tabs.Tab value="details">Details</Tabs.Tab>
            <Tabs.Tab value="files">Files</Tabs.Tab>
            <Tabs.Tab value="history">History</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="details" pt="sm">
            <Text size="sm">C1-V01-RFI-00012 · Pier cap P12, second lift: concreting.</Text>
          </Tabs.Panel>
          <Tabs.Panel value="files" pt="sm">
            <Text size="sm">P12-pour-checklist.pdf · P12-reinforcement.jpg</Text>
          </Tabs.Panel>
          <Tabs.Panel value="history" pt="sm">
            <Text size="sm">Submitted by Rahul Verma, then answered by Arjun Mehta.</Text>
          </Tabs.Panel>
        </Tabs>
      </DemoCard>
      <DemoCard
        title="Dialog, slider and autocomplete"
        note="A modal asks; a slider picks; an autocomplete suggests."
      >
        <Stack gap="md">
          <Button variant="default" onClick={dialog.open} w="fit-content">
            Open a dialog
          </Button>
          <Modal opened={opened} onClose={dialog.close} title="Girder launch at S14">
            <Stack gap="sm">
              <Text size="sm">The launch moves to the 26th so the bearing grout reaches strength.</Text>
              <Button onClick={dialog.close}>Close</Button>
            </Stack>
          </Modal>
          <div>
            <Text size="sm">Span length: {span} m</Text>
            <Slider value={span} onChange={setSpan} min={20} max={40} step={1} aria-label="Span length" />
          </div>
          <Autocomplete
            label="Station"
            placeholder="Type a station"
            data={(stations.data ?? []).map((station) => station.name)}
            limit={6}
          />
        </Stack>
      </DemoCard>
      <DemoCard title="Calendar" note="Dates read DD MMM, YYYY everywhere in the console.">
        <DatePicker value={day} onChange={setDay} />
        <Text size="sm" data-testid="picked-day">
          {day ? `Picked ${formatDocumentDate(day)}` : 'Pick a day'}
        </Text>
      </DemoCard>
    </CardGrid>
  );
}
