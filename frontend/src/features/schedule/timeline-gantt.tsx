/**
 * The programme's Gantt chart (SVAR React Gantt, MIT): the WBS tree with collapsible rows in the grid, planned bars
 * coloured by kind (critical red, complete grey, WBS summary dark), actual and baseline strips inside them
 * (timeline-bar), milestones as diamonds, relationships as links, and the data date as a vertical line. Read only.
 */
import '@svar-ui/react-gantt/all.css';
import './timeline.css';

import { Gantt, type IApi, type IColumnConfig, Willow } from '@svar-ui/react-gantt';
import { useCallback, useEffect, useMemo, useState } from 'react';

import { useTranslation } from '../../lib/i18n';
import { DataDateLine } from './data-date-line';
import { repairGanttAria } from './gantt-aria';
import { dayText, daysText } from './day-text';
import { TASK_TYPES, toGanttLinks, toGanttTasks } from './gantt-tasks';
import type { GanttModel } from './schedule-tasks';
import { TimelineBar } from './timeline-bar';
import { ZOOM_SCALES, type ZoomLevel } from './zoom-levels';

/** The grid's columns, their headings in the user's language (`t`). */
const columnsOf = (t: (text: string) => string): IColumnConfig[] => [
  // Room for an activity's name under four WBS levels of indent ("Pile cap P114, casting and curing"): the
  // narrower grid cut names at ~15 characters.
  { id: 'text', header: t('Activity'), width: 420, flexgrow: 1, sort: false, resize: true },
  { id: 'code', header: t('Code'), width: 100, sort: false },
  {
    id: 'start',
    header: t('Start'),
    width: 104,
    align: 'center',
    sort: false,
    template: (v: Date) => dayText(v),
  },
  {
    id: 'end',
    header: t('Finish'),
    width: 104,
    align: 'center',
    sort: false,
    template: (_: unknown, row) => dayText((row as { end?: Date; start?: Date }).end ?? row.start),
  },
  // The planner's two figures beside the dates: total float (critical at zero or less) and the finish variance
  // against the baseline (negative: later than the baseline), both in days.
  {
    id: 'floatDays',
    header: t('Float'),
    width: 64,
    align: 'center',
    sort: false,
    template: (v: number | null) => daysText(v),
  },
  {
    id: 'finishVarianceDays',
    header: t('Finish var.'),
    width: 100,
    align: 'center',
    sort: false,
    template: (v: number | null) => daysText(v),
  },
];

export interface TimelineGanttProps {
  model: GanttModel;
  /** The WBS nodes closed when the tree was last given to the chart whole (not each toggle made in it). */
  collapsed: ReadonlySet<string>;
  /** Changes when the tree is collapsed or expanded as a whole. */
  layout: number;
  zoom: ZoomLevel;
  onToggle: (id: string, open: boolean) => void;
  /** Called once the chart has drawn its first rows (for the speed figure in docs/console.md). */
  onRendered?: () => void;
}

export function TimelineGantt({ model, collapsed, layout, zoom, onToggle, onRendered }: TimelineGanttProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  // Headings and kinds in the user's language; the chart is drawn again when it changes (its scales name months).
  const columns = useMemo(() => columnsOf((text) => t(text)), [t]);
  const taskTypes = useMemo(() => TASK_TYPES.map((type) => ({ ...type, label: t(type.label) })), [t]);
  const [api, setApi] = useState<IApi | null>(null);
  const [chart, setChart] = useState<HTMLDivElement | null>(null);
  // Rebuilt for a new programme or a whole-tree change only: a single toggle happens inside the chart.
  const tasks = useMemo(() => toGanttTasks(model.rows, collapsed, model.dataDate), [model, collapsed]);
  const links = useMemo(() => toGanttLinks(model), [model]);
  const scale = ZOOM_SCALES[zoom];
  const range = useMemo(() => {
    if (!model.range) return {};
    // A margin either side so the first and last bars are not on the edge.
    const start = new Date(model.range.start);
    start.setMonth(start.getMonth() - 1, 1);
    const end = new Date(model.range.end);
    end.setMonth(end.getMonth() + 2, 1);
    return { start, end };
  }, [model.range]);

  const init = useCallback(
    (gantt: IApi) => {
      setApi(gantt);
      gantt.on('open-task', ({ id, mode }) => onToggle(String(id), mode));
      if (onRendered) requestAnimationFrame(() => requestAnimationFrame(onRendered));
    },
    [onToggle, onRendered],
  );

  // At every zoom the chart opens on the data date, a little of the past to its left and what is to come right.
  useEffect(() => {
    if (!api || !model.dataDate) return;
    const date = new Date(model.dataDate);
    const lead = ZOOM_SCALES[zoom].leadDays;
    date.setDate(date.getDate() - lead);
    const frame = requestAnimationFrame(() => void api.exec('scroll-chart', { date }));
    return () => cancelAnimationFrame(frame);
  }, [api, zoom, model.dataDate]);

  useEffect(() => (chart ? repairGanttAria(chart, t('Bars of the programme')) : undefined), [chart, t]);

  return (
    <div className="pmis-timeline" data-testid="timeline-chart" ref={setChart}>
      <Willow fonts={false}>
        <Gantt
          key={`${layout}-${language}`}
          init={init}
          tasks={tasks}
          links={links}
          taskTypes={taskTypes}
          columns={columns}
          scales={scale.scales}
          lengthUnit={scale.lengthUnit}
          cellWidth={scale.cellWidth}
          cellHeight={30}
          gridWidth={906}
          scaleHeight={28}
          taskTemplate={TimelineBar}
          readonly
          {...range}
        />
      </Willow>
      {api && model.dataDate ? <DataDateLine api={api} date={model.dataDate} chart={chart} /> : null}
    </div>
  );
}
