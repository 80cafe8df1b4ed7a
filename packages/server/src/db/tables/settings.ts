export const settingsTable = "settings";

/** Site-wide settings as JSON text per key (footer, contact, …), editable from the admin console. */
export interface SettingsTable {
  key: string;
  value: string;
  updatedAt: string;
}
