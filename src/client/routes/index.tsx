import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { Dashboard } from "./-dashboard/dashboard";

const dashboardSearch = z.object({
  search: z.string().max(200).optional().catch(undefined),
});

export const Route = createFileRoute("/")({
  validateSearch: dashboardSearch,
  component: Dashboard,
});
