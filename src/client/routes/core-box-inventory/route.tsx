import { createFileRoute } from "@tanstack/react-router";
import { Screen } from "@/components/screen";

export const Route = createFileRoute("/core-box-inventory")({
  component: () => <Screen path="/core-box-inventory" />,
});
