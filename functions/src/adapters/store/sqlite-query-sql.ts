import type { BaseDoc, Filter, Stored } from '../../ports/store.js';
import type { SqlValue } from './sqlite-database.js';
import { fieldSegments } from './store-inputs.js';

/*
 * Query translation: the store's filters and paging positions as SQL over `json_extract`, with Cosmos DB's
 * semantics (comparisons only match values of the same JSON type; a missing field never matches).
 */

export interface Row {
  etag: string;
  body: string;
}

export interface QueryRow extends Row {
  id: string;
  pk: string;
  sort_key: SqlValue;
}

/** Where the previous page ended: the last row's sort value and key. */
export type Position = [SqlValue, string, string];

/** An SQL expression for a field's value and one for its JSON type (as `json_type` names it). */
interface FieldRef {
  value: string;
  type: string;
}

export function fieldRef(field: string): FieldRef {
  const segments = fieldSegments(field);
  // The key columns are plain TEXT columns; reading them directly is cheaper than parsing the body.
  if (field === 'id' || field === 'pk') return { value: field, type: `'text'` };
  // Safe to inline: fieldSegments only lets identifier characters through.
  const jsonPath = `'$.${segments.join('.')}'`;
  return { value: `json_extract(body, ${jsonPath})`, type: `json_type(body, ${jsonPath})` };
}

/**
 * `ref = value` with Cosmos semantics: true only for a value of the same JSON
 * type. Type checks matter because `json_extract` maps JSON true to 1 and
 * JSON null and a missing field both to NULL.
 */
function typedEquals(ref: FieldRef, value: string | number | boolean | null, params: SqlValue[]): string {
  if (value === null) return `${ref.type} = 'null'`;
  if (typeof value === 'boolean') return `${ref.type} = '${value ? 'true' : 'false'}'`;
  params.push(value);
  return typeof value === 'string'
    ? `(${ref.type} = 'text' AND ${ref.value} = ?)`
    : `(${ref.type} IN ('integer', 'real') AND ${ref.value} = ?)`;
}

/**
 * `ref = value` where only a match counts (`=`, `in`; not under NOT): as typedEquals, but for a string that
 * cannot be the JSON text of an object or array the type check is left out. `json_extract` answers TEXT only
 * for a JSON string or for an object or array (as its JSON text, starting with { or [); a number never equals
 * TEXT in SQLite; a JSON null is NULL, which matches nothing. So such a string equals only a string field, and
 * the check — which parsed the whole document again for each row the index found — is not needed
 * (docs/benchmarks.md "Case routes").
 */
function matchesEqual(ref: FieldRef, value: string | number | boolean | null, params: SqlValue[]): string {
  if (typeof value !== 'string' || /^\s*[[{]/.test(value)) return typedEquals(ref, value, params);
  params.push(value);
  return `${ref.value} = ?`;
}

/** `ref < value` and friends: only values of the same JSON type compare, as in Cosmos. */
function typedCompare(
  ref: FieldRef,
  op: '<' | '<=' | '>' | '>=',
  value: string | number | boolean,
  params: SqlValue[],
): string {
  if (typeof value === 'boolean') {
    params.push(value ? 1 : 0);
    return `(${ref.type} IN ('true', 'false') AND ${ref.value} ${op} ?)`;
  }
  params.push(value);
  return typeof value === 'string'
    ? `(${ref.type} = 'text' AND ${ref.value} ${op} ?)`
    : `(${ref.type} IN ('integer', 'real') AND ${ref.value} ${op} ?)`;
}

/** Filters that an index on the field's value can answer. */
export const INDEXED_OPS: ReadonlySet<Filter['op']> = new Set(['=', 'in', '<', '<=', '>', '>=', 'startsWith']);

export function filterSql(filter: Filter, params: SqlValue[]): string {
  const ref = fieldRef(filter.field);
  const { value } = filter;
  switch (filter.op) {
    case '=':
      return matchesEqual(ref, value as string | number | boolean | null, params);
    case '!=':
      // Cosmos: a missing field is undefined (no match); a value of another type is unequal (match).
      return `(${ref.type} IS NOT NULL AND NOT ${typedEquals(ref, value as string | number | boolean | null, params)})`;
    case '<':
    case '<=':
    case '>':
    case '>=':
      return typedCompare(ref, filter.op, value as string | number | boolean, params);
    case 'in': {
      const values = value as readonly (string | number | boolean)[];
      if (values.length === 0) return '0';
      return `(${values.map((item) => matchesEqual(ref, item, params)).join(' OR ')})`;
    }
    case 'startsWith':
      // substr rather than LIKE: LIKE is case-insensitive and treats % and _ as wildcards.
      params.push(value as string, value as string);
      return `(${ref.type} = 'text' AND substr(${ref.value}, 1, length(?)) = ?)`;
    case 'arrayContains': {
      if (filter.field === 'id' || filter.field === 'pk') return '0';
      const jsonPath = `'$.${fieldSegments(filter.field).join('.')}'`;
      const element = typedEquals(
        { value: 'e.value', type: 'e.type' },
        value as string | number | boolean | null,
        params,
      );
      return `(${ref.type} = 'array' AND EXISTS (SELECT 1 FROM json_each(body, ${jsonPath}) AS e WHERE ${element}))`;
    }
    case 'exists':
      return value === true ? `COALESCE(${ref.type}, 'null') <> 'null'` : `COALESCE(${ref.type}, 'null') = 'null'`;
  }
}

export function isPosition(value: unknown): value is Position {
  return (
    Array.isArray(value) &&
    value.length === 3 &&
    (value[0] === null || typeof value[0] === 'string' || typeof value[0] === 'number') &&
    typeof value[1] === 'string' &&
    typeof value[2] === 'string'
  );
}

/**
 * Rows strictly after `position` in `ORDER BY sort dir, id dir, pk dir`.
 * SQLite sorts NULL (a missing field) first ascending and last descending,
 * and NULL never compares, hence the separate NULL branches.
 */
export function afterPosition(sort: string, direction: 'asc' | 'desc', position: Position, params: SqlValue[]): string {
  const [sortValue, id, pk] = position;
  if (sortValue === null) {
    params.push(id, pk);
    return direction === 'asc'
      ? `(${sort} IS NOT NULL OR (id, pk) > (?, ?))`
      : `(${sort} IS NULL AND (id, pk) < (?, ?))`;
  }
  params.push(sortValue, sortValue, id, pk);
  return direction === 'asc'
    ? `(${sort} > ? OR (${sort} = ? AND (id, pk) > (?, ?)))`
    : `(${sort} < ? OR ${sort} IS NULL OR (${sort} = ? AND (id, pk) < (?, ?)))`;
}

export function toStored<T extends BaseDoc>(row: Row): Stored<T> {
  // The body was written by this adapter from a T, so the cast restores what was stored.
  // Set on the parsed object rather than spread into a copy: a grown case document is not copied twice.
  const stored = JSON.parse(row.body) as Stored<T>;
  stored._etag = row.etag;
  return stored;
}
