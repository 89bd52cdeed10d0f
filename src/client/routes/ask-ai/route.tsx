import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { AskScreen } from "./-components/ask-screen";

/**
 * Ask Geolabs AI: every signed-in person. The chosen database lives in the URL (?db=…) so a link opens the
 * same one (and ?wo=… the one work order whose reports are asked, from its page); the schema stays here, light, because the route tree (in the entry chunk) carries it.
 */
const askSearch = z.object({
  db: z.string().max(80).optional().catch(undefined),
  /** Ask only about this work order's reports (with db=reports.db), from its page. */
  wo: z.string().max(40).optional().catch(undefined),
});

export const Route = createFileRoute("/ask-ai")({ validateSearch: askSearch, component: AskScreen });
