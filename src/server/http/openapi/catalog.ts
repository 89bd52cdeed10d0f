import { FILE_ROUTES } from "./catalog-files";
import { PEOPLE_ROUTES } from "./catalog-people";
import { RECORD_ROUTES } from "./catalog-records";
import type { RouteDoc } from "./route-doc";

/** Every route of the REST door, by area (route-doc.ts says what a row holds). */
export const CATALOG: RouteDoc[] = [...PEOPLE_ROUTES, ...RECORD_ROUTES, ...FILE_ROUTES];
