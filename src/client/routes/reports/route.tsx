import { createFileRoute } from "@tanstack/react-router";
import { reportsSearch } from "@/features/reports/reports-model";
import { ReportsScreen } from "./-components/reports-screen";

/** Reports Indexer: search and the list for every signed-in person, indexing for Admins and Owners. */
export const Route = createFileRoute("/reports")({
  validateSearch: reportsSearch,
  component: ReportsScreen,
});
