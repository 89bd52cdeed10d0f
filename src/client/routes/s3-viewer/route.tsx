import { createFileRoute } from "@tanstack/react-router";
import { viewerSearch } from "./-components/viewer-model";
import { ViewerScreen } from "./-components/viewer-screen";

/** S3 Browser: every signed-in person; search, filters, sort and page live in the URL. */
export const Route = createFileRoute("/s3-viewer")({ validateSearch: viewerSearch, component: ViewerScreen });
