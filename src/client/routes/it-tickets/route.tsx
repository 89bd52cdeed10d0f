import { createFileRoute } from "@tanstack/react-router";
import { Screen } from "@/components/screen";

export const Route = createFileRoute("/it-tickets")({
  component: () => <Screen path="/it-tickets" />,
});
