import type { ObjectBody, ObjectStore } from "../storage/object-store";

/**
 * Uploads wait under this top folder until their job has read them, so a damaged upload never replaces the
 * original of the same name and nothing appears in the database's folder before it is indexed. The storage
 * screens leave the folder out.
 */
export const STAGING_PREFIX = "_incoming/";

export const isStagingKey = (key: string) => key.startsWith(STAGING_PREFIX);

export async function stageUpload(store: ObjectStore, body: ObjectBody) {
  const key = `${STAGING_PREFIX}${crypto.randomUUID()}.pdf`;
  const info = await store.put(key, body, { contentType: "application/pdf" });
  return { key, size: info.size };
}
