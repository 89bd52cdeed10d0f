import { createFileRoute } from "@tanstack/react-router";
import { Screen } from "@/components/screen";

export const Route = createFileRoute("/db-admin")({
  component: () => <Screen path="/db-admin" />,
});
