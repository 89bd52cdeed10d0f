import { createFileRoute } from "@tanstack/react-router";
import { Screen } from "@/components/screen";

export const Route = createFileRoute("/contacts")({
  component: () => <Screen path="/contacts" />,
});
