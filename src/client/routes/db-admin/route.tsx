import { createFileRoute } from "@tanstack/react-router";
import { IndexScreen } from "./-components/index-screen";

/** Index Manager: Admins and Owners upload PDFs into document databases and manage those databases. */
export const Route = createFileRoute("/db-admin")({ component: IndexScreen });
