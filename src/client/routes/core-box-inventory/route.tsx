import { createFileRoute } from "@tanstack/react-router";
import { boxSearch } from "@/features/core-boxes/box-model";
import { BoxScreen } from "./-components/box-screen";

/** Core Inventory: filters, sort and page live in the URL (bad values fall back to the defaults). */
export const Route = createFileRoute("/core-box-inventory")({
  validateSearch: boxSearch,
  component: BoxScreen,
});
