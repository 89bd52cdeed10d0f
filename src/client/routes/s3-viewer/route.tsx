import { createFileRoute } from "@tanstack/react-router";
import { Screen } from "@/components/screen";

export const Route = createFileRoute("/s3-viewer")({
  component: () => <Screen path="/s3-viewer" />,
});
