import { createFileRoute } from "@tanstack/react-router";
import { adminSearch } from "./-components/admin-model";
import { AdminScreen } from "./-components/admin-screen";

/** S3 Uploader: Admins and Owners (the server enforces every write); search and sort live in the URL. */
export const Route = createFileRoute("/s3-admin")({ validateSearch: adminSearch, component: AdminScreen });
