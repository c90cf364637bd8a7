/**
 * A country's flag as Unicode emoji, built from its two-letter ISO 3166 code (two regional indicator letters), so
 * the console needs no flag images. Anything that is not two letters has no flag.
 */
const REGIONAL_A = 0x1f1e6;

export function flagEmoji(code: string): string | null {
  const letters = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(letters)) return null;
  return String.fromCodePoint(...[...letters].map((letter) => REGIONAL_A + letter.charCodeAt(0) - 65));
}

/** The organisations on the packages and the countries they come from (sample list for the flags page). */
export const PACKAGE_PARTNERS: readonly {
  organisation: string;
  role: string;
  country: string;
  countryName: string;
}[] = [
  { organisation: 'Metro Rail Corporation', role: 'Employer', country: 'IN', countryName: 'India' },
  {
    organisation: 'Coastal Constructions Ltd',
    role: 'Contractor, C1-V01',
    country: 'IN',
    countryName: 'India',
  },
  {
    organisation: 'Tokai Rail Engineering',
    role: 'JV partner, C1-UG01',
    country: 'JP',
    countryName: 'Japan',
  },
  { organisation: 'Alpine Bau', role: 'Consortium partner, C2-V02', country: 'AT', countryName: 'Austria' },
  { organisation: 'Signalwerk Systems', role: 'Contractor, C1-SYS1', country: 'DE', countryName: 'Germany' },
  { organisation: 'Rivière Conseil', role: 'General consultant', country: 'FR', countryName: 'France' },
  {
    organisation: 'Han River Rolling Stock',
    role: 'Rolling stock supplier',
    country: 'KR',
    countryName: 'South Korea',
  },
  { organisation: 'Iberia Track Systems', role: 'Track supplier', country: 'ES', countryName: 'Spain' },
];
