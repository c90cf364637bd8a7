import { translate } from '../../lib/i18n';

/**
 * What the P6 import refuses before sending anything: not one file, or a file that is not named .xer; in the user's
 * language.
 */
export function xerFileProblem(files: readonly { name: string; size: number }[]): string | null {
  if (files.length === 0) return translate('Choose the .xer file exported from Primavera P6.');
  if (files.length > 1)
    return translate('{{count}} files were chosen: import one .xer file at a time.', { count: files.length });
  const [file] = files;
  if (!file) return translate('Choose the .xer file exported from Primavera P6.');
  if (!/\.xer$/i.test(file.name)) {
    return translate(
      '"{{name}}" is not a .xer file. Export the project from Primavera P6 as XER (File › Export › Primavera PM – XER) and choose that file.',
      { name: file.name },
    );
  }
  if (file.size === 0)
    return translate(
      '"{{name}}" is empty. Export the project from Primavera P6 again and choose the new file.',
      { name: file.name },
    );
  return null;
}
