/** Pretty JSON for the developer screens: two-space indent, Dates as ISO strings. */
export const prettyJson = (value: unknown): string => JSON.stringify(value, null, 2) ?? String(value);
