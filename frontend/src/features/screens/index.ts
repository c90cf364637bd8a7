// The generic screen engine's public entry: a registry screen (list and form) for any route. Other features
// compose it (user administration passes its own form); it imports none of them.
export { ScreenPage, type ScreenPageProps } from './screen-page';
export { LookupSelect } from './lookup-select';
export { StateBadge } from './state-badge';
export { useLookupSources } from './lookup-sources';
export { ExportButtons, type ExportFormat } from './export-buttons';
export { AmountInput } from './amount-input';
export { translateScreenMeta, useTranslatedMeta } from './translate-meta';
