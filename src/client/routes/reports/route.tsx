import { createFileRoute } from "@tanstack/react-router";
import { Screen } from "@/components/screen";

export const Route = createFileRoute("/reports")({
  component: () => <Screen path="/reports" />,
});
