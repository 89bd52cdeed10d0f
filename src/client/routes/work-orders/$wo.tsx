import { createFileRoute } from "@tanstack/react-router";
import { WorkOrderScreen } from "./-components/work-order-screen";

/** One work order, everything about it: /work-orders/4321-07. */
export const Route = createFileRoute("/work-orders/$wo")({ component: WorkOrderScreen });
