import { createFileRoute } from "@tanstack/react-router";
import { Screen } from "@/components/screen";

export const Route = createFileRoute("/it-onboarded")({
  component: () => <Screen path="/it-onboarded" />,
});
