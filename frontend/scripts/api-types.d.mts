/** The text of src/api/openapi.gen.ts for the OpenAPI document `text` (see api-types.mjs). */
export function generate(text: string): Promise<string>;
export const SOURCE: string;
export const TARGET: string;
