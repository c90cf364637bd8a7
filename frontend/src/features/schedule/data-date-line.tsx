/**
 * The data date (P6 `last_recalc_date`) as a vertical line over the chart. The free edition of the chart has no
 * markers, so the line is placed in the chart's scrolled area (it scrolls with the bars) at the x the chart's own
 * scale gives the date, and follows every change of scale (zoom, resize).
 */
import type { IApi } from '@svar-ui/react-gantt';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';

import { useTranslation } from '../../lib/i18n';
import { dayText } from './day-text';

interface Placement {
  host: HTMLElement;
  left: number;
}

export function DataDateLine({ api, date, chart }: { api: IApi; date: Date; chart: HTMLElement | null }) {
  const { t } = useTranslation();
  const [placement, setPlacement] = useState<Placement | null>(null);
  useEffect(() => {
    let live = true;
    const place = () => {
      if (!live) return;
      const host = chart?.querySelector<HTMLElement>('.wx-area');
      const { _scales: scales, cellWidth } = api.getState();
      if (!host || !scales || !cellWidth) return;
      const left = Math.round(scales.diff(date, scales.start, scales.lengthUnit) * cellWidth);
      setPlacement((old) => (old && old.host === host && old.left === left ? old : { host, left }));
    };
    // The chart's store has no way to stop a subscription: `live` ends it for this line (the store dies with the
    // chart when it is drawn again).
    api.getReactiveState()._scales?.subscribe(() => requestAnimationFrame(place));
    api.getReactiveState().cellWidth?.subscribe(() => requestAnimationFrame(place));
    requestAnimationFrame(place);
    return () => {
      live = false;
    };
  }, [api, date, chart]);
  if (!placement) return null;
  return createPortal(
    <div
      className="pmis-data-date"
      style={{ left: placement.left }}
      title={t('Data date {{date}}', { date: dayText(date) })}
      data-testid="data-date-line"
    >
      <span className="pmis-data-date-label">{t('Data date {{date}}', { date: dayText(date) })}</span>
    </div>,
    placement.host,
  );
}
