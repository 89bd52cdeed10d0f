import { splitWorkOrders } from "@shared/work-orders";
import { Fragment } from "react";
import { WorkOrderLink } from "./work-order-link";

/** Running text (a ticket's description, a comment) with every work order in it linked to its page. */
export function WorkOrderText({ text }: { text: string }) {
  return (
    <>
      {splitWorkOrders(text).map((part, i) =>
        part.wo ? (
          <WorkOrderLink key={i} wo={part.text} className="text-primary underline" />
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
