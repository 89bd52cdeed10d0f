import { createFileRoute } from "@tanstack/react-router";
import { Screen } from "@/components/screen";

export const Route = createFileRoute("/ask-ai")({
  component: () => <Screen path="/ask-ai" />,
});
