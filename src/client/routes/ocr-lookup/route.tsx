import { createFileRoute } from "@tanstack/react-router";
import { Screen } from "@/components/screen";

export const Route = createFileRoute("/ocr-lookup")({
  component: () => <Screen path="/ocr-lookup" />,
});
