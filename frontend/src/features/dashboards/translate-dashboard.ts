/**
 * A dashboard's texts in the user's language, translated once where the answer enters the feature (as
 * `translateScreenMeta` does for screens): the title, each widget's title and the labels of its columns, series,
 * value and status, keyed by their English text. Column names, rows and links stay as the gateway sent them.
 */
import type { Widget, WidgetColumn, WidgetSeries } from '../../api/dashboard';
import { translate } from '../../lib/i18n';

function label<T extends WidgetColumn | WidgetSeries>(part: T): T;
function label<T extends WidgetColumn | WidgetSeries>(part: T | null | undefined): T | null | undefined;
function label<T extends WidgetColumn | WidgetSeries>(part: T | null | undefined): T | null | undefined {
  return part && part.label ? { ...part, label: translate(part.label) } : part;
}

export function translateWidget(widget: Widget): Widget {
  return {
    ...widget,
    title: translate(widget.title),
    x: label(widget.x),
    line: label(widget.line),
    at: label(widget.at),
    value: label(widget.value),
    series: widget.series?.map((series) => label(series)),
    columns: widget.columns?.map((column) => label(column)),
    status: widget.status ? { ...widget.status, label: translate(widget.status.label) } : undefined,
  };
}

export function translateDashboardTitle(title: string | undefined): string | undefined {
  return title ? translate(title) : title;
}
