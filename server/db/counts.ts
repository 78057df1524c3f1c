/**
 * Membership counts kept by SQLite triggers (`companies.pharmacies_count`, `groups.pharmacies_count`),
 * so a list sorts by a count through an index and no handler has to remember to recount.
 */

/** Keeps `counted.count_column` equal to the number of `source` rows whose `key` names it. */
export function countTriggersSql(source: string, key: string, counted: string, countColumn: string): string {
  const add = (row: string, delta: string) => `UPDATE ${counted} SET ${countColumn} = ${countColumn} ${delta} 1 WHERE id = ${row}.${key};`;
  return `
    CREATE TRIGGER ${source}_${counted}_count_insert AFTER INSERT ON ${source} WHEN NEW.${key} IS NOT NULL BEGIN ${add('NEW', '+')} END;
    CREATE TRIGGER ${source}_${counted}_count_delete AFTER DELETE ON ${source} WHEN OLD.${key} IS NOT NULL BEGIN ${add('OLD', '-')} END;
    CREATE TRIGGER ${source}_${counted}_count_update AFTER UPDATE OF ${key} ON ${source} WHEN OLD.${key} IS NOT NEW.${key}
      BEGIN ${add('OLD', '-')} ${add('NEW', '+')} END;`;
}
