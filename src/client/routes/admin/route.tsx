import { createFileRoute } from "@tanstack/react-router";
import { Screen } from "@/components/screen";

export const Route = createFileRoute("/admin")({
  component: () => <Screen path="/admin" />,
});
