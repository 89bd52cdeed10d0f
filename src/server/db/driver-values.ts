import type { InArgs, InValue, ResultSet, Row, Value } from "@libsql/client";
import { LibsqlError } from "@libsql/client";
import Database from "libsql";

/**
 * What crosses between the client's interface and libsql's statements in driver.ts: arguments as the client
 * converts them, rows and result sets as it gives them, and libsql's errors as the client's LibsqlError.
 */

export type SqlArgs = unknown[] | Record<string, unknown>;

/** Arguments as the client converts them: booleans and dates as numbers, ArrayBuffers as Buffers. */
export function toSqlArgs(args: InArgs): SqlArgs {
  if (Array.isArray(args)) return args.map(toSqlValue);
  const named: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    named[/^[@$:]/.test(name) ? name.slice(1) : name] = toSqlValue(value);
  }
  return named;
}

function toSqlValue(value: InValue): unknown {
  if (typeof value === "number" && !Number.isFinite(value)) {
    throw new RangeError("Only finite numbers (not Infinity or NaN) can be passed as arguments");
  }
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (value instanceof Date) return value.valueOf();
  if (value === undefined) throw new TypeError("undefined cannot be passed as argument to the database");
  return value;
}

/**
 * How a statement's rows are built, made once per prepared statement: a class whose constructor sets each
 * column by name (enumerable own properties, in column order, one shape for every row) and whose prototype
 * answers the indexes and `length` (not enumerated), so `row[i]`, `row.name`, `Array.prototype.slice.call(row)`
 * and `Object.keys(row)` read as the client's rows do. Two `defineProperty` calls per value cost more than the
 * SQLite read of the row. Column names a class cannot carry as plain properties (a repeated name, whose index
 * must still see its own value, an index-like name, `length`, `__proto__`) keep the general row below.
 */
export function rowMaker(columns: string[]): (values: unknown[]) => Row {
  const plain =
    new Set(columns).size === columns.length &&
    columns.every((c) => c !== "length" && c !== "__proto__" && !/^(0|[1-9]\d*)$/.test(c));
  if (!plain) return (values) => toRow(values, columns);
  const sets = columns.map((c, i) => `this[${JSON.stringify(c)}] = from(v[${i}]);`).join("\n");
  const Made = new Function("from", `return class Row { constructor(v) {\n${sets}\n} }`)(
    fromSqlValue,
  ) as new (
    values: unknown[],
  ) => Row;
  const proto = Made.prototype as Record<string, unknown>;
  Object.defineProperty(proto, "length", { value: columns.length });
  columns.forEach((c, i) => {
    Object.defineProperty(proto, i, {
      get(this: Record<string, unknown>) {
        return this[c];
      },
    });
  });
  return (values) => new Made(values);
}

/** A row as the client gives it: values by index (not enumerated) and by column name. */
export function toRow(values: unknown[], columns: string[]): Row {
  const row = {} as Row;
  Object.defineProperty(row, "length", { value: values.length });
  for (let i = 0; i < values.length; i++) {
    const value = fromSqlValue(values[i]);
    Object.defineProperty(row, i, { value });
    const column = columns[i]!;
    if (!Object.hasOwn(row, column)) {
      Object.defineProperty(row, column, { value, enumerable: true, configurable: true, writable: true });
    }
  }
  return row;
}

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function fromSqlValue(value: unknown): Value {
  if (typeof value === "bigint") {
    if (value < MIN_SAFE || value > MAX_SAFE) {
      throw new RangeError("Received integer which cannot be safely represented as a JavaScript number");
    }
    return Number(value);
  }
  if (value instanceof Buffer) return value.buffer as ArrayBuffer;
  return value as Value;
}

export class EmbeddedResultSet implements ResultSet {
  constructor(
    readonly columns: string[],
    readonly columnTypes: string[],
    readonly rows: Row[],
    readonly rowsAffected: number,
    readonly lastInsertRowid: bigint | undefined,
  ) {}

  toJSON() {
    const json = (v: Value) =>
      typeof v === "bigint" ? `${v}` : v instanceof ArrayBuffer ? Buffer.from(v).toString("base64") : v;
    return {
      columns: this.columns,
      columnTypes: this.columnTypes,
      rows: this.rows.map((row) => Array.prototype.map.call(row, json)),
      rowsAffected: this.rowsAffected,
      lastInsertRowid: this.lastInsertRowid === undefined ? null : `${this.lastInsertRowid}`,
    };
  }
}

const BASE_CODES: Record<number, string> = {
  1: "SQLITE_ERROR",
  2: "SQLITE_INTERNAL",
  3: "SQLITE_PERM",
  4: "SQLITE_ABORT",
  5: "SQLITE_BUSY",
  6: "SQLITE_LOCKED",
  7: "SQLITE_NOMEM",
  8: "SQLITE_READONLY",
  9: "SQLITE_INTERRUPT",
  10: "SQLITE_IOERR",
  11: "SQLITE_CORRUPT",
  12: "SQLITE_NOTFOUND",
  13: "SQLITE_FULL",
  14: "SQLITE_CANTOPEN",
  15: "SQLITE_PROTOCOL",
  16: "SQLITE_EMPTY",
  17: "SQLITE_SCHEMA",
  18: "SQLITE_TOOBIG",
  19: "SQLITE_CONSTRAINT",
  20: "SQLITE_MISMATCH",
  21: "SQLITE_MISUSE",
  22: "SQLITE_NOLFS",
  23: "SQLITE_AUTH",
  24: "SQLITE_FORMAT",
  25: "SQLITE_RANGE",
  26: "SQLITE_NOTADB",
  27: "SQLITE_NOTICE",
  28: "SQLITE_WARNING",
};

/** SQLite's errors as the client reports them: `code` the base code, `extendedCode` libsql's own. */
export function libsqlError(err: unknown): unknown {
  if (!(err instanceof Database.SqliteError)) return err;
  const base = err.rawCode === undefined ? undefined : err.rawCode & 0xff;
  const code = base === undefined ? "SQLITE_UNKNOWN" : (BASE_CODES[base] ?? `SQLITE_UNKNOWN_${base}`);
  return new LibsqlError(err.message, code, err.code, err.rawCode, err);
}
