import { randomUUID } from "node:crypto";
import { open, rm } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import { STORAGE_MESSAGES } from "@shared/storage";
import busboy from "busboy";
import { AppError, badRequest } from "../lib/errors";
import { makePrivateDir } from "../lib/private-files";

const ignore = () => {};
const malformed = () => badRequest("The upload could not be read (the multipart body is malformed).");

export interface ReceivedFile {
  fields: Record<string, string>;
  filename: string | undefined;
  body: AsyncIterable<Uint8Array>;
}

export interface ReceiveOptions {
  /** Where a file that arrives before the fields naming its place is held (DATA_DIR/tmp). */
  spoolDir: string;
  /** Transport bound: no body part may exceed this many bytes. */
  maxBytes: number;
  maxMb: number;
  /** Text fields that decide where the file goes; the file streams straight through once all have arrived. */
  placeFields: string[];
}

/** What a service decides before any of the form is read: its bounds and the fields that place the file. */
export type UploadBounds = Omit<ReceiveOptions, "spoolDir">;

/**
 * How a door hands a service one uploaded file: the service checks the caller and sets the bounds first, then asks
 * for the file, so nothing of the body is read for a caller who may not upload.
 */
export type FileUpload = <T>(bounds: UploadBounds, handle: (file: ReceivedFile) => Promise<T>) => Promise<T>;

/** A multipart request as a FileUpload; a file sent before its placing fields waits in DATA_DIR/tmp. */
export function formUpload(request: Request, dataDir: string): FileUpload {
  return (bounds, handle) => receiveUpload(request, { spoolDir: join(dataDir, "tmp"), ...bounds }, handle);
}

/**
 * Read a multipart upload without holding the file in memory. When the fields that place the file arrive first
 * (our client sends them first), the file part streams straight into `handle`; when the file comes first (the
 * order the spec lists), it is spooled to a temp file and handed over once the form has ended. Either way memory
 * stays flat whatever the file's size.
 */
export async function receiveUpload<T>(
  request: Request,
  opts: ReceiveOptions,
  handle: (file: ReceivedFile) => Promise<T>,
): Promise<T> {
  const how = "Send the upload as multipart/form-data with a 'file' field.";
  const type = multipartType(request, how);
  const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", STORAGE_MESSAGES.tooLarge(opts.maxMb));
  // A declared length far past the limit is refused before reading anything (1 MB allowance for the form).
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > opts.maxBytes + 1024 * 1024) throw tooLarge();

  const bb = formParser(type, how, {
    // Browsers send file names as UTF-8; busboy's default would read them as Latin-1.
    defParamCharset: "utf8",
    limits: { files: 1, fields: 20, fieldSize: 64 * 1024, parts: 30 },
  });
  const input = bodyOf(request);
  const fields: Record<string, string> = {};
  let direct: Promise<T> | null = null;
  let spooled: Promise<{ path: string; filename: string | undefined }> | null = null;
  const { failed, fail } = failureLatch();

  bb.on("field", collectField(fields, fail));
  bb.on("file", (name, stream, info) => {
    // A body cut inside the file fails the part's stream as well as busboy (which answers the request); an
    // error event nobody listens to would end the process.
    stream.on("error", ignore);
    if (name !== "file" || direct || spooled) {
      stream.resume(); // other file fields are ignored
      return;
    }
    if (opts.placeFields.every((f) => f in fields)) {
      direct = handle({ fields: { ...fields }, filename: info.filename, body: stream });
      direct.catch(fail);
    } else {
      spooled = spool(stream, opts, tooLarge).then((path) => ({ path, filename: info.filename }));
      spooled.catch(fail);
    }
  });
  const parsed = readForm(input, bb, fail);

  try {
    await Promise.race([parsed, failed]);
    if (direct) return await Promise.race([direct, failed]);
    if (spooled) {
      const { path, filename } = await spooled;
      try {
        return await handle({ fields, filename, body: Bun.file(path).stream() });
      } finally {
        await rm(path, { force: true });
      }
    }
    throw badRequest(STORAGE_MESSAGES.noFile);
  } catch (err) {
    stopReading(input, bb);
    throw err;
  }
}

async function spool(
  stream: AsyncIterable<Uint8Array>,
  opts: ReceiveOptions,
  tooLarge: () => AppError,
): Promise<string> {
  makePrivateDir(opts.spoolDir);
  const path = join(opts.spoolDir, `upload-${randomUUID()}`);
  const fh = await open(path, "wx", 0o600);
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += chunk.length;
      if (size > opts.maxBytes) throw tooLarge();
      await fh.write(chunk);
    }
    await fh.close();
    return path;
  } catch (err) {
    await fh.close().catch(() => {});
    await rm(path, { force: true });
    throw err;
  }
}

export interface ReceiveManyOptions {
  /** The (repeated) file field; parts under other names are skipped. */
  field: string;
  /** Most files in one request; more is a 400. */
  maxFiles: number;
}

/**
 * Read a multipart upload of many files without holding any of them in memory: each file part is handed to
 * `onFile` as a stream while it arrives, one at a time (the request body waits while `onFile` works), so a
 * run of hundreds of files costs the memory of one chunk. Whatever `onFile` leaves unread is drained (a refused
 * file does not stop the form). Text fields may come before, between or after the files; the first value of
 * each wins. Answers the fields and the number of files seen.
 */
export async function receiveUploads(
  request: Request,
  opts: ReceiveManyOptions,
  onFile: (file: { filename: string | undefined; body: AsyncIterable<Uint8Array> }) => Promise<void>,
): Promise<{ fields: Record<string, string>; files: number }> {
  const how = `Send the upload as multipart/form-data with the files in '${opts.field}' fields.`;
  const bb = formParser(multipartType(request, how), how, {
    defParamCharset: "utf8",
    // The name as sent, folder part included: the caller decides (a `../` in it refuses the file).
    preservePath: true,
    limits: { files: opts.maxFiles, fields: 20, fieldSize: 64 * 1024, parts: opts.maxFiles + 20 },
  });
  const input = bodyOf(request);
  const fields: Record<string, string> = {};
  let files = 0;
  let queue: Promise<void> = Promise.resolve();
  let current: Readable | null = null;
  let failure: unknown = null;
  const latch = failureLatch();
  const { failed } = latch;
  const fail = (err: unknown) => {
    failure ??= err;
    latch.fail(err);
  };
  const tooMany = () => fail(badRequest(`Send at most ${opts.maxFiles} files in one request.`));

  bb.on("field", collectField(fields, fail));
  bb.on("file", (name, stream, info) => {
    stream.on("error", ignore);
    if (name !== opts.field) {
      stream.resume();
      return;
    }
    files++;
    queue = queue.then(async () => {
      // Once the form failed, files still waiting their turn are not handed over.
      if (failure) return void stream.resume();
      current = stream;
      // Leaving the loop early must not destroy busboy's stream: it would then wait forever for it to be read.
      const body = stream.iterator({ destroyOnReturn: false }) as AsyncIterable<Uint8Array>;
      try {
        await onFile({ filename: info.filename, body });
      } finally {
        current = null;
        stream.resume();
      }
    });
    queue.catch(fail);
  });
  bb.on("filesLimit", tooMany);
  bb.on("partsLimit", tooMany);
  bb.on("fieldsLimit", () => fail(badRequest("The form has too many fields.")));
  const parsed = readForm(input, bb, fail);

  try {
    await Promise.race([parsed, failed]);
    await Promise.race([queue, failed]);
    return { fields, files };
  } catch (err) {
    failure ??= err;
    stopReading(input, bb);
    // The file being handed over is cut off, and its handler has ended before the caller hears of the failure:
    // whatever it stored is then known to the caller, who removes it.
    (current as Readable | null)?.destroy(err instanceof Error ? err : new Error(String(err)));
    await queue.catch(() => {});
    throw err;
  }
}

/** The request's multipart content type; `how` (a 400) when it is not a multipart form with a body. */
function multipartType(request: Request, how: string): string {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(type) || !request.body) throw badRequest(how);
  return type;
}

/** A busboy parser for the form; `how` (a 400) when busboy cannot read its content type (no boundary). */
function formParser(type: string, how: string, config: Omit<busboy.BusboyConfig, "headers">): busboy.Busboy {
  try {
    return busboy({ headers: { "content-type": type }, ...config });
  } catch {
    throw badRequest(how);
  }
}

const bodyOf = (request: Request) => Readable.fromWeb(request.body as unknown as NodeWebStream<Uint8Array>);

/** A promise that rejects with the first failure reported through `fail` (whoever races it observes it). */
function failureLatch() {
  let fail!: (err: unknown) => void;
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  failed.catch(() => {}); // observed by the caller; this only keeps a late failure from being "unhandled"
  return { failed, fail };
}

/** Keep each text field; the first value of a field wins, so a repeat after a streamed file cannot disagree. */
function collectField(fields: Record<string, string>, fail: (err: unknown) => void) {
  return (name: string, value: string, info: busboy.FieldInfo) => {
    if (info.valueTruncated) fail(badRequest(`${name} is too long.`));
    if (!(name in fields)) fields[name] = value;
  };
}

/** Pipe the body into the parser; resolves when the form has been read (failures go to `fail`). */
function readForm(input: Readable, bb: busboy.Busboy, fail: (err: unknown) => void): Promise<void> {
  bb.on("error", () => fail(malformed()));
  const parsed = new Promise<void>((resolve) => bb.on("close", resolve));
  input.on("error", () => fail(badRequest("The upload was interrupted.")));
  input.pipe(bb);
  return parsed;
}

/** Stop reading: the answer is known, the rest of the body is not needed. */
function stopReading(input: Readable, bb: busboy.Busboy) {
  input.unpipe(bb);
  input.destroy();
  bb.destroy();
}
