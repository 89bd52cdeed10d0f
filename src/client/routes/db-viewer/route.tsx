import { createFileRoute } from "@tanstack/react-router";
import { explorerSearch } from "./-components/explorer-model";
import { ExplorerScreen } from "./-components/explorer-screen";

/** Database Explorer: every signed-in person; the selected database and its file view live in the URL. */
export const Route = createFileRoute("/db-viewer")({
  validateSearch: explorerSearch,
  component: ExplorerScreen,
});
