/**
 * The screen description in the user's language: where the registry's metadata enters the screens, its texts people
 * read are translated once (the screen's title and singular name, column labels, section and tab titles, workflow state labels and
 * transition labels, rule, guard and pattern messages, the copy button), keyed by their English text; column labels
 * through `registryLabel` (a register may word one differently). What is sent to the server or compared in code stays
 * as the registry gives it: names, state names, enum values (only their display is translated, by `choicesFor` and
 * `formatCell`). Titles that are compared with each other are translated alike on both sides: a section's title and
 * the `workflow.editors` sections naming it; a child register's title and the history's `line` (by `record-history`).
 */
import { useMemo } from 'react';

import type { ChildMeta, ColumnDef, ScreenMeta, WorkflowDef } from '../../api/schema';
import { registryLabel, translate, useTranslation } from '../../lib/i18n';

/** Whether a value has the shape of a screen description (what `children[].screen` holds). */
export function isScreenMeta(value: unknown): value is ScreenMeta {
  if (typeof value !== 'object' || value === null) return false;
  const screen = value as Partial<Record<keyof ScreenMeta, unknown>>;
  return (
    typeof screen.entry === 'string' &&
    typeof screen.primary_key === 'string' &&
    Array.isArray(screen.columns) &&
    Array.isArray(screen.list_columns) &&
    Array.isArray(screen.sections) &&
    Array.isArray(screen.lookups) &&
    Array.isArray(screen.rules) &&
    Array.isArray(screen.default_sort) &&
    typeof screen.actions === 'object' &&
    screen.actions !== null
  );
}

/** A registry text in the current language (blank stays blank). */
function text(value: string): string {
  return value ? translate(value) : value;
}

function translateColumn(entry: string, column: ColumnDef): ColumnDef {
  return {
    ...column,
    label: registryLabel(entry, column.name, column.label),
    ...(column.pattern_message ? { pattern_message: text(column.pattern_message) } : {}),
    ...(column.help ? { help: text(column.help) } : {}),
  };
}

function translateWorkflow(workflow: WorkflowDef): WorkflowDef {
  return {
    ...workflow,
    // The name stays (stored, compared, sent); the label is what people read, the name when it has none.
    states: workflow.states.map((state) => ({ ...state, label: text(state.label || state.name) })),
    transitions: workflow.transitions.map((transition) => ({
      ...transition,
      label: text(transition.label),
      ...(transition.guards
        ? { guards: transition.guards.map((guard) => ({ ...guard, message: text(guard.message) })) }
        : {}),
    })),
    // The sections a group of editors names are section titles: translated as the sections' own titles are.
    ...(workflow.editors
      ? {
          editors: workflow.editors.map((group) =>
            group.sections ? { ...group, sections: group.sections.map(text) } : group,
          ),
        }
      : {}),
  };
}

function translateChild(child: ChildMeta): ChildMeta {
  return {
    ...child,
    title: text(child.title),
    screen: isScreenMeta(child.screen)
      ? (translateScreenMeta(child.screen) as unknown as ChildMeta['screen'])
      : child.screen,
  };
}

/** The screen description with the texts people read in the current language (see the file's note). */
export function translateScreenMeta(meta: ScreenMeta): ScreenMeta {
  return {
    ...meta,
    title: text(meta.title),
    ...(meta.singular ? { singular: text(meta.singular) } : {}),
    columns: meta.columns.map((column) => translateColumn(meta.entry, column)),
    sections: meta.sections.map((section) => ({ ...section, title: text(section.title) })),
    rules: meta.rules.map((rule) => ({ ...rule, message: text(rule.message) })),
    ...(meta.guards
      ? { guards: meta.guards.map((guard) => ({ ...guard, message: text(guard.message) })) }
      : {}),
    ...(meta.copy ? { copy: { ...meta.copy, label: text(meta.copy.label) } } : {}),
    ...(meta.children ? { children: meta.children.map(translateChild) } : {}),
    ...(meta.workflow ? { workflow: translateWorkflow(meta.workflow) } : {}),
  };
}

/** `translateScreenMeta` for a component: the same description until it or the language changes. */
export function useTranslatedMeta(meta: ScreenMeta): ScreenMeta;
export function useTranslatedMeta(meta: ScreenMeta | undefined): ScreenMeta | undefined;
export function useTranslatedMeta(meta: ScreenMeta | undefined): ScreenMeta | undefined {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(
    () => (meta ? translateScreenMeta(meta) : undefined),
    // The language is what the texts are read in: a new one translates them again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [meta, language],
  );
}
