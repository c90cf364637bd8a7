// The field forms (/rfiwitnessing, /siteinspection): inspections recorded on a phone, kept on it while offline and
// sent once.
export { FieldFormPage } from './field-form-page';
