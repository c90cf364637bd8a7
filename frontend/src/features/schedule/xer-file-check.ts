/** What the P6 import refuses before sending anything: not one file, or a file that is not named .xer. Pure. */
export function xerFileProblem(files: readonly { name: string; size: number }[]): string | null {
  if (files.length === 0) return 'Choose the .xer file exported from Primavera P6.';
  if (files.length > 1) return `${files.length} files were chosen: import one .xer file at a time.`;
  const [file] = files;
  if (!file) return 'Choose the .xer file exported from Primavera P6.';
  if (!/\.xer$/i.test(file.name)) {
    return `"${file.name}" is not a .xer file. Export the project from Primavera P6 as XER (File › Export › Primavera PM – XER) and choose that file.`;
  }
  if (file.size === 0)
    return `"${file.name}" is empty. Export the project from Primavera P6 again and choose the new file.`;
  return null;
}
