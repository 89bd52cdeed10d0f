import { TOAST_MS } from "@shared/storage";
import { toast } from "sonner";

/** The spec's storage toasts: its exact title, 3 s, and the server's explanation (if any) underneath. */
export const notify = {
  ok: (title: string, description?: string) => toast.success(title, { duration: TOAST_MS, description }),
  fail: (title: string, description?: string) =>
    toast.error(title, { duration: TOAST_MS, description: description === title ? undefined : description }),
};
