/** The field pages' routes: public pages an inspector opens on a phone (kept apart: the console's start reads it). */
export const FIELD_ROUTES: readonly string[] = ['/rfiwitnessing', '/siteinspection'];
