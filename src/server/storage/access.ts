import { type Actor, can, REFUSED } from "@shared/permissions";
import { MAX_CONCURRENT_UPLOADS, type StorageLimits } from "@shared/storage";
import type { Env } from "../env";
import { forbidden } from "../lib/errors";
import type { ServiceCtx } from "../lib/service-ctx";

/*
 * The one owner of the rule every file write follows (S3 Uploader, Index Manager, bulk report indexing, moves
 * and deletes): who may write, and how much an upload may be.
 */

/** Uploads, moves and deletes: Admins, Owners and the super-owner. Reads: every signed-in user. */
export function assertCanWrite(ctx: { user: Actor }) {
  if (!can(ctx.user, "content.write")) throw forbidden(REFUSED["content.write"]);
}

/**
 * A new upload (S3 Uploader, Index Manager, bulk report indexing): the right to write, then the person's upload
 * rate (429 with Retry-After past RATE_UPLOADS_PER_MIN), both before any of the form is read.
 */
export function admitUpload(ctx: ServiceCtx) {
  assertCanWrite(ctx);
  ctx.deps.limits.rate.uploads.take(ctx.user.email);
}

/** GET /api/s3/limits (and every upload's bounds): what an upload may be, from the settings. */
export function uploadLimits(ctx: {
  settings: Pick<Env, "UPLOAD_MAX_MB" | "STORAGE_DRIVER">;
}): StorageLimits {
  return {
    uploadMaxMb: ctx.settings.UPLOAD_MAX_MB,
    uploadMaxBytes: Math.floor(ctx.settings.UPLOAD_MAX_MB * 1024 * 1024),
    driver: ctx.settings.STORAGE_DRIVER,
    maxConcurrentUploads: MAX_CONCURRENT_UPLOADS,
  };
}
