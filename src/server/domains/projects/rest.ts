import { importOptions } from "@shared/ocr";
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { formFile, readForm } from "../../http/multipart";
import { restArea } from "../../http/openapi/route-doc";
import { parseInput } from "../../lib/errors";
import { restServiceCtx } from "../../lib/service-ctx";
import { admitRegisterImport, importRegister, registerStats } from "./service";

const doc = restArea({ tag: "Work orders", access: "signed-in" });

/**
 * Project register import for Admins and Owners (an addition to the spec's paths): multipart `file` (.csv or
 * .xlsx) with `dry_run` (default true) and `replace` fields → the import report.
 */
export function projectsRest(deps: AppDeps) {
  const maxMb = deps.env.PROJECTS_IMPORT_MAX_MB;
  // One multipart path and one GET: no JSON body to parse here.
  return new Elysia()
    .post(
      "/api/projects/import",
      async ({ request }) => {
        const ctx = restServiceCtx(deps, request);
        admitRegisterImport(ctx);
        const form = await readForm(request, maxMb * 1024 * 1024, `The file is larger than ${maxMb} MB.`);
        const options = parseInput(importOptions, {
          dry_run: form.get("dry_run") ?? undefined,
          replace: form.get("replace") ?? undefined,
        });
        const { bytes } = await formFile(form, "file");
        return importRegister(ctx, { ...options, bytes });
      },
      {
        parse: "none",
        detail: doc({
          summary: "Import the project register (.csv or .xlsx)",
          access: "admin",
          form: { fields: importOptions, files: { file: ".csv or .xlsx (PROJECTS_IMPORT_MAX_MB)" } },
          returns: "the import report, with rejected rows",
          errors: [413, 415, 422],
        }),
      },
    )
    .get("/api/projects/stats", ({ request }) => registerStats(restServiceCtx(deps, request)), {
      detail: doc({
        summary: "Register size, demo rows, last import",
        returns: "{ total, demo, last_import }",
      }),
    });
}
