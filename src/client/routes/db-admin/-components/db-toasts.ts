import { TOAST_MS } from "@shared/storage";
import { toast } from "sonner";

/** The Databases panel's toasts: a failure's description is left out when it only repeats the title. */
export const ok = (title: string, description?: string) =>
  toast.success(title, { duration: TOAST_MS, description });
export const fail = (title: string, description?: string) =>
  toast.error(title, { duration: TOAST_MS, description: description === title ? undefined : description });
