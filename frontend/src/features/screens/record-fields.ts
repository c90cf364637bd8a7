// The engine's record fields for other features' own forms (an upload's metadata, an explorer's folder): the
// inputs drawn from a register's metadata and their headless form. A public entry of its own, apart from the
// screens' index, so that a register's list loads without the form's inputs (date pickers, text areas), which
// come with the first form opened.
export { FieldGrid } from './field-grid';
export { useNewRecordFields, useNewRecordForm } from './use-new-record-form';
export { numberOf } from './record-number';
export { type FormValues, toPayload } from './form-schema';
export { childRegisters, type ChildRegister, lineColumns } from './child-lines';
export { formatCell } from './cell-format';
export { useFieldSetup } from './use-field-setup';
export { type FollowedValues, followedColumns } from './lookup-sources';
export { followedOf } from './use-followed-values';
export { useTranslatedMeta } from './translate-meta';
