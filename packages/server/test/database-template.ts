/** What test/global-setup.ts made for the run: a migrated SQLite file, or a PostgreSQL template database. */
export interface DatabaseTemplate {
  sqliteFile?: string;
  postgresName?: string;
  /** Every test database of the run is named with it, so the run's teardown can drop what is left. */
  postgresPrefix?: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/** `base` (a PostgreSQL URL) pointing at the database `name` instead. */
export function databaseUrlNamed(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}
