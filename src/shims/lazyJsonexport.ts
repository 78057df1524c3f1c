/**
 * jsonexport as react-admin's default CSV exporter (ra-core's `defaultExporter`) calls it, with a
 * callback, loaded on its first call instead of with the list. Every list controller names that
 * exporter as its default, so the package (JSON to CSV, with its own stream and parser) travelled
 * in every list visit's first script; the portal's lists export through their own エクスポート
 * dialog (src/features/export/), which loads on its press. Wired in vite.config.ts
 * (`lazyCsvExporter`); a caller still gets its CSV, one chunk load later.
 */
type Callback = (error: Error | null, csv: string) => void;

export default function jsonExport(data: unknown, options: unknown, callback?: Callback): void {
  const done = (typeof options === 'function' ? options : callback) as Callback | undefined;
  const settings = typeof options === 'function' ? undefined : options;
  void import('jsonexport/dist/index.js').then(
    ({ default: convert }) => (settings === undefined ? convert(data, done) : convert(data, settings, done)),
    (error: Error) => done?.(error, ''),
  );
}
