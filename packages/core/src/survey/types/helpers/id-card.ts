import { isValidDate } from "../../shared/dates.ts";

const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const checkCodes = "10X98765432";

/** 18-digit mainland resident id (GB 11643-1999): region, valid birth date, ISO 7064 MOD 11-2 check digit. */
export function isValidIdCard(value: string): boolean {
  const id = value.toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(id)) return false;
  const birth = `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
  if (!isValidDate(birth) || Number(id.slice(6, 10)) < 1900) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * (weights[i] ?? 0);
  return checkCodes[sum % 11] === id[17];
}
