import { chinaDateTime } from "../clock.ts";
import type { SessionRow } from "../db/tables/sessions.ts";
import type { AuditLogRow, FriendLinkRow, LeadRow } from "../db/tables/site-content.ts";

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function presentAuditLog(row: AuditLogRow, adminName: string) {
  return {
    id: row.id,
    adminId: row.adminId,
    adminName,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    before: parseJson(row.before),
    after: parseJson(row.after),
    createdAt: chinaDateTime(row.createdAt),
  };
}

/** A login session as the admin console shows it; the token itself is never stored, let alone shown. */
export function presentSession(row: SessionRow, now: string) {
  return {
    id: row.id,
    fromType: row.fromType,
    ip: row.ip,
    userAgent: row.userAgent,
    createdAt: chinaDateTime(row.createdAt),
    expiresAt: chinaDateTime(row.expiresAt),
    revokedAt: chinaDateTime(row.revokedAt),
    active: row.revokedAt === null && row.expiresAt > now,
  };
}

export function presentAdminFriendLink(row: FriendLinkRow) {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    contact: row.contact,
    status: row.status,
    ip: row.ip,
    createdAt: chinaDateTime(row.createdAt),
    reviewedAt: chinaDateTime(row.reviewedAt),
  };
}

export function presentLead(row: LeadRow) {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    phone: row.phone,
    company: row.company,
    email: row.email,
    content: row.content,
    status: row.status,
    ip: row.ip,
    createdAt: chinaDateTime(row.createdAt),
    handledAt: chinaDateTime(row.handledAt),
  };
}
