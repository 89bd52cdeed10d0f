import { createFileRoute } from "@tanstack/react-router";
import { Screen } from "@/components/screen";

export const Route = createFileRoute("/reports-binder")({
  component: () => <Screen path="/reports-binder" />,
});
