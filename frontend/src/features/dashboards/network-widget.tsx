/**
 * A network widget: each line (a corridor) as a metro line diagram in SVG, drawn from the rows alone (no map tiles,
 * so it works offline). Nodes (stations) sit along the line by their chainage, filled by their status colour
 * (hollow without one); the section after each node is filled by its progress. A node opens the drill-through
 * link; each node and section names its figures in a tooltip. Wide lines scroll sideways inside the card.
 */
import { Group, ScrollArea, Stack, Text } from '@mantine/core';
import type { KeyboardEvent } from 'react';

import type { Widget, WidgetRow } from '../../api/dashboard';
import { useTranslation } from '../../lib/i18n';
import { chartColour, cssColour, type NetworkLine, networkLines } from './chart-data';

export interface NetworkWidgetProps {
  widget: Widget;
  colourBlind: boolean;
  open: (widget: Widget, row: WidgetRow | undefined) => void;
}

// Labels hang down to the right of their station: room on the right for the last one.
const LEFT = 24;
const RIGHT = 120;
const NODE_GAP = 84;
const TRACK_Y = 24;
const HEIGHT = 130;

export function NetworkWidget({ widget, colourBlind, open }: NetworkWidgetProps) {
  const { t } = useTranslation();
  const lines = networkLines(widget, colourBlind);
  const section = cssColour(chartColour('blue', 0, colourBlind));
  const statuses = Object.entries(widget.status?.colours ?? {});
  return (
    <Stack gap="sm">
      {lines.map((line) => (
        <LineDiagram
          key={line.name}
          line={line}
          sectionColour={section}
          onOpen={(row) => open(widget, widget.rows[row])}
          clickable={widget.link !== undefined}
          sectionLabel={widget.value?.label ?? t('Progress')}
        />
      ))}
      {/* The legend names every colour: nothing has to be told apart by colour alone. */}
      <Group gap="md" justify="center">
        {statuses.map(([status, colour]) => (
          <Group key={status} gap={4} wrap="nowrap">
            <svg width={12} height={12} aria-hidden>
              <circle cx={6} cy={6} r={5} fill={cssColour(chartColour(colour, 0, colourBlind))} />
            </svg>
            <Text size="xs">{status}</Text>
          </Group>
        ))}
        <Group gap={4} wrap="nowrap">
          <svg width={12} height={12} aria-hidden>
            <circle cx={6} cy={6} r={5} fill="white" stroke="gray" strokeWidth={1.5} />
          </svg>
          <Text size="xs">{t('No records')}</Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          <svg width={24} height={12} aria-hidden>
            <rect x={0} y={3} width={24} height={6} fill="var(--mantine-color-gray-3)" />
            <rect x={0} y={3} width={14} height={6} fill={section} />
          </svg>
          <Text size="xs">{widget.value?.label ?? t('Section progress')}</Text>
        </Group>
      </Group>
    </Stack>
  );
}

interface LineDiagramProps {
  line: NetworkLine;
  sectionColour: string;
  sectionLabel: string;
  clickable: boolean;
  onOpen: (row: number) => void;
}

function LineDiagram({ line, sectionColour, sectionLabel, clickable, onOpen }: LineDiagramProps) {
  const { t } = useTranslation();
  // Drawn at a width that leaves room for every label; it grows with the card on a wide screen and scrolls
  // sideways inside the card on a narrow one.
  const width = Math.max(640, LEFT + RIGHT + NODE_GAP * Math.max(1, line.nodes.length - 1));
  const span = width - LEFT - RIGHT;
  const xOf = (offset: number) => LEFT + offset * span;
  const press = (row: number) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(row);
    }
  };
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {line.name}
      </Text>
      <ScrollArea type="auto" offsetScrollbars>
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="xMinYMin meet"
          style={{ width: '100%', minWidth: width, maxWidth: width * 1.25, display: 'block' }}
          role="img"
          aria-label={t('{{line}}: {{count}} stations', { line: line.name, count: line.nodes.length })}
          data-testid="network-line"
        >
          {line.nodes.slice(0, -1).map((node, index) => {
            const next = line.nodes[index + 1];
            if (!next) return null;
            const x1 = xOf(node.offset);
            const x2 = xOf(next.offset);
            const filled = node.section === null ? 0 : Math.max(0, Math.min(100, node.section)) / 100;
            return (
              <g key={`section-${index}`}>
                <title>{`${node.label} – ${next.label}: ${sectionLabel} ${node.sectionText}`}</title>
                <rect x={x1} y={TRACK_Y - 4} width={x2 - x1} height={8} fill="var(--mantine-color-gray-3)" />
                {filled > 0 ? (
                  <rect x={x1} y={TRACK_Y - 4} width={(x2 - x1) * filled} height={8} fill={sectionColour} />
                ) : null}
              </g>
            );
          })}
          {line.nodes.map((node) => {
            const x = xOf(node.offset);
            return (
              <g
                key={`node-${node.row}`}
                role={clickable ? 'link' : undefined}
                tabIndex={clickable ? 0 : undefined}
                aria-label={`${node.label}: ${node.status ?? t('no records')}`}
                onClick={clickable ? () => onOpen(node.row) : undefined}
                onKeyDown={clickable ? press(node.row) : undefined}
                style={{ cursor: clickable ? 'pointer' : 'default' }}
                data-testid="network-node"
              >
                <title>{`${node.label}: ${node.status ?? t('no records')}`}</title>
                <circle
                  cx={x}
                  cy={TRACK_Y}
                  r={9}
                  fill={node.color ? cssColour(node.color) : 'white'}
                  stroke={node.color ? 'white' : 'gray'}
                  strokeWidth={2}
                />
                <text
                  x={x - 4}
                  y={TRACK_Y + 18}
                  fontSize={11}
                  fill="currentColor"
                  textAnchor="start"
                  transform={`rotate(35 ${x - 4} ${TRACK_Y + 18})`}
                >
                  {node.label}
                </text>
              </g>
            );
          })}
        </svg>
      </ScrollArea>
    </Stack>
  );
}
