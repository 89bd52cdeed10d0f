import { createFileRoute } from "@tanstack/react-router";
import { Screen } from "@/components/screen";

export const Route = createFileRoute("/it-terminated")({
  component: () => <Screen path="/it-terminated" />,
});
