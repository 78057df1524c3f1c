// jsonexport ships no types; src/shims/lazyJsonexport.ts forwards react-admin's call as it is.
declare module 'jsonexport/dist/index.js' {
  type Callback = (error: Error | null, csv: string) => void;
  function convert(data: unknown, callback?: Callback): void;
  function convert(data: unknown, options: unknown, callback?: Callback): void;
  export default convert;
}
