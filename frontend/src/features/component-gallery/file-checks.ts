/**
 * The drop zone page's rules: which files it takes (documents, drawings, sheets and photos, by type and extension),
 * how large, how many, and the words for a refused file, as a record's Files tab would say them.
 */
import { formatBytes } from '../../lib/format';
import { translate } from '../../lib/i18n';

/** This page's limits: twenty files at once (the gateway's `MAX_FILES`), each up to 10 MB. */
export const MAX_DROPPED_FILES = 20;
export const MAX_DROPPED_BYTES = 10 * 1024 * 1024;

/** Types by their media type, with the extensions a browser may not name a type for (drawings). */
export const ACCEPTED_TYPES: Record<string, string[]> = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'image/vnd.dwg': ['.dwg'],
};

/** The extensions taken, for people ("PDF, JPG …"). */
export function acceptedNames(): string {
  const names = Object.values(ACCEPTED_TYPES)
    .flat()
    .map((extension) => extension.slice(1).toUpperCase());
  return [...new Set(names)].join(', ');
}

/** Why a file was refused, from the drop zone's error codes, in the user's language. */
export function refusalText(codes: readonly string[], maxBytes = MAX_DROPPED_BYTES): string {
  const reasons = codes.map((code) => {
    switch (code) {
      case 'file-too-large':
        return translate('larger than {{size}}', { size: formatBytes(maxBytes) });
      case 'file-invalid-type':
        return translate('not a type this place takes ({{types}})', { types: acceptedNames() });
      case 'too-many-files':
        return translate('more than {{files}} files at once', { files: MAX_DROPPED_FILES });
      case 'file-too-small':
        return translate('empty');
      default:
        return translate('refused');
    }
  });
  return reasons.length > 0 ? [...new Set(reasons)].join('; ') : translate('refused');
}
