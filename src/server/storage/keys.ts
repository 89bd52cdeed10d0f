import { checkFolder, checkKey, checkPrefix, type KeyCheck } from "@shared/storage-keys";
import { badRequest } from "../lib/errors";

/** Server side of the key rules (src/shared/storage-keys.ts): a bad key is a 400 naming the field. */
function orThrow(result: KeyCheck, field: string): string {
  if (!result.ok) throw badRequest(`${field} ${result.reason}.`);
  return result.key;
}

/** A normalised object key, or a 400. */
export const objectKey = (raw: unknown, field = "key") => orThrow(checkKey(raw), field);
/** A normalised folder path ("" allowed), or a 400. */
export const folderKey = (raw: unknown, field = "prefix") => orThrow(checkFolder(raw), field);
/** A normalised listing prefix ("" allowed, may end in /), or a 400. */
export const listPrefix = (raw: unknown, field = "prefix") => orThrow(checkPrefix(raw), field);

export { baseName, compareKeys, extensionOf, topFolder } from "@shared/storage-keys";
