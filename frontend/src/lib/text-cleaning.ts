/**
 * The three text-cleaning helpers of docs/console.md §5, applied to free text before it is sent (search boxes, file names,
 * remarks), so characters with a meaning in URLs, paths or markup never travel by accident.
 */

/** Helper 1: removes & / \ # $ ~ % ' " ` : * ? < > { } */
export function stripUnsafe(text: string): string {
  return text.replace(/[&/\\#$~%'"`:*?<>{}]/g, '');
}

/**
 * Helper 2: keeps only letters (any script, with their combining marks), digits, spaces and the few symbols names and references use:
 * . , - _ ( ) @
 */
export function keepPlain(text: string): string {
  return text.replace(/[^\p{L}\p{M}\p{N} .,\-_()@]/gu, '');
}

/** Helper 3: removes & / \ $ % ' " ` = : ; * ? < > { } */
export function stripForQuery(text: string): string {
  return text.replace(/[&/\\$%'"`=:;*?<>{}]/g, '');
}
