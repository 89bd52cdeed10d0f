import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { SearchScreen } from "./-components/search-screen";

const searchPageSearch = z.object({ q: z.string().max(400).optional().catch(undefined) });

/** Everything one search finds across the portal: /search?q=groundwater. */
export const Route = createFileRoute("/search")({
  validateSearch: searchPageSearch,
  component: SearchScreen,
});
