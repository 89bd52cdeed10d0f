import { createFileRoute } from "@tanstack/react-router";
import { Screen } from "@/components/screen";

export const Route = createFileRoute("/db-viewer")({
  component: () => <Screen path="/db-viewer" />,
});
