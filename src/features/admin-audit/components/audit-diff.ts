import { t } from '../../../i18n/id.ts';
import { formatDateTime } from '../../../lib/dates.ts';

/** An instant as the log stores it (entity states are JSON: dates are ISO strings). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** One field an admin action changed, as the audit screen lists it. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields that differ between an entity's state before and after an action, in the order the
 * entity names them. A creation lists every field of the new state, a removal every field of the
 * old one; a value that is not an object is one unnamed field.
 */
export function auditChanges(before: unknown, after: unknown): FieldChange[] {
  if (!isRecord(before) && !isRecord(after)) return same(before, after) ? [] : [{ field: '', before, after }];
  const old = isRecord(before) ? before : {};
  const next = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(old), ...Object.keys(next)])];
  return fields.filter((f) => !same(old[f], next[f])).map((field) => ({ field, before: old[field] ?? null, after: next[field] ?? null }));
}

/** A logged value as text: empty values say so, instants in Jakarta time, yes/no in Indonesian, objects as compact JSON. */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return t.adminAudit.emptyValue;
  if (typeof value === 'boolean') return value ? 'ya' : 'tidak';
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return formatDateTime(value);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}
