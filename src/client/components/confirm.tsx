import { AlertDialog as A } from "radix-ui";
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

export interface ConfirmOptions {
  title: string;
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  /** When set, the person must type exactly this text before confirming (e.g. "DELETE employee_handbook.db"). */
  typeToConfirm?: string;
  /**
   * With `typeToConfirm`: keep the confirm button enabled and show this text when what was typed differs (the
   * Index Manager's 'Confirmation does not match.'); without it the button stays disabled until it matches.
   */
  mismatchMessage?: string;
}

type Ask = (options: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<Ask | null>(null);

/**
 * One confirmation dialog for the whole app: `await confirm({...})` resolves true or false. Escape and Cancel
 * resolve false; focus starts on Cancel for destructive actions so Enter never deletes by accident.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const [typed, setTyped] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const ask = useCallback<Ask>((next) => {
    resolver.current?.(false);
    setTyped("");
    setMismatch(false);
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const close = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setOptions(null);
  };
  const differs = !!options?.typeToConfirm && typed !== options.typeToConfirm;
  const blocked = differs && !options?.mismatchMessage;
  const onConfirm = () => {
    if (differs) return setMismatch(true);
    close(true);
  };

  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      <A.Root open={!!options} onOpenChange={(open) => !open && close(false)}>
        <A.Portal>
          <A.Overlay className="fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-in data-[state=open]:fade-in-0" />
          <A.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border bg-background p-6 shadow-lg data-[state=open]:animate-in data-[state=open]:zoom-in-95">
            <A.Title className="text-lg font-semibold">{options?.title}</A.Title>
            {options?.description ? (
              <A.Description asChild>
                <div className="text-sm text-muted-foreground">{options.description}</div>
              </A.Description>
            ) : (
              <A.Description className="sr-only">{options?.title}</A.Description>
            )}
            {options?.typeToConfirm && (
              <TypedConfirmation
                expected={options.typeToConfirm}
                typed={typed}
                mismatch={mismatch}
                mismatchMessage={options.mismatchMessage}
                onType={(text) => {
                  setTyped(text);
                  setMismatch(false);
                }}
                onEnter={() => options.mismatchMessage && onConfirm()}
              />
            )}
            <div className="flex justify-end gap-2">
              <A.Cancel asChild>
                <Button variant="outline">{options?.cancelLabel ?? "Cancel"}</Button>
              </A.Cancel>
              <Button
                variant={options?.destructive ? "destructive" : "default"}
                disabled={blocked}
                onClick={onConfirm}
              >
                {options?.confirmLabel ?? "Confirm"}
              </Button>
            </div>
          </A.Content>
        </A.Portal>
      </A.Root>
    </ConfirmContext.Provider>
  );
}

/** The text the person must type to confirm, and (once they confirmed with other text) what is wrong with it. */
function TypedConfirmation({
  expected,
  typed,
  mismatch,
  mismatchMessage,
  onType,
  onEnter,
}: {
  expected: string;
  typed: string;
  /** The person confirmed with other text than `expected` (since they last typed). */
  mismatch: boolean;
  mismatchMessage: string | undefined;
  onType(text: string): void;
  onEnter(): void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor="confirm-typed">
        Type <code className="rounded bg-muted px-1">{expected}</code> to confirm
      </Label>
      <Input
        id="confirm-typed"
        value={typed}
        onChange={(e) => onType(e.target.value)}
        onKeyDown={(e) => e.key === "Enter" && onEnter()}
        autoComplete="off"
        aria-invalid={mismatch || undefined}
        aria-describedby={mismatch ? "confirm-mismatch" : undefined}
      />
      {mismatch && (
        <p id="confirm-mismatch" role="alert" className="text-sm text-destructive">
          {mismatchMessage}
        </p>
      )}
    </div>
  );
}

export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error("useConfirm outside ConfirmProvider");
  return ask;
}
