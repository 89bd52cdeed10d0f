import { cn } from "@/lib/utils";

/**
 * A field's problem, on the field: the input is marked (aria-invalid) and described by one sentence shown right
 * under it. Shared by the inline editors (Core Inventory, Reports Binder).
 */

/** The props that mark an input with a problem and point it at the sentence (`id`) that says which. */
export function invalidProps(id: string, message: string | null | undefined) {
  return message ? ({ "aria-invalid": true, "aria-describedby": id } as const) : {};
}

export function FieldError({
  id,
  message,
  className,
}: {
  id: string;
  message: string | null | undefined;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={cn("mt-1 text-xs leading-snug text-destructive", className)}>
      {message}
    </p>
  );
}

/**
 * The `name`s of the date inputs in `root` holding text the browser cannot read as a date (02/31/2026): their
 * value is "" then, the same as an empty field, and only `validity.badInput` tells them apart.
 */
export function unreadableDates(root: ParentNode | null | undefined): string[] {
  const inputs = root ? [...root.querySelectorAll<HTMLInputElement>('input[type="date"]')] : [];
  return inputs.filter((i) => i.validity.badInput).map((i) => i.name);
}

/** After a refused save: focus the first field marked invalid in `root` (once drawn), which scrolls it into view. */
export function focusFirstInvalid(root: ParentNode | null | undefined) {
  requestAnimationFrame(() => root?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
